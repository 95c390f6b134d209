import { addressKey, UNKNOWN_ADDRESS } from './address-key';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::5%eth0', '2001:db8:1:2:0:0:192.0.2.1']) {
      expect(addressKey(address)).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressKey('1::')).toBe('1:0:0:0::/64');
  });

  it('makes anything that is not an address one short key, never an error', () => {
    for (const junk of [undefined, '', 'unknown', 'x'.repeat(5000), '1.2.3.4, 5.6.7.8', '999.1.1.1', `2001:db8::1%${'e'.repeat(100)}`, '[::1]']) {
      expect(addressKey(junk)).toBe(UNKNOWN_ADDRESS);
    }
  });

  it('is never longer than a column of 45 characters', () => {
    expect(addressKey('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff').length).toBeLessThanOrEqual(45);
    expect(addressKey('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('ffff:ffff:ffff:ffff::/64');
  });
});
