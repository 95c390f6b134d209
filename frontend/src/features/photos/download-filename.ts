// The name to save a downloaded original under: the server's Content-Disposition when it has
// one (RFC 6266: filename* wins over filename), otherwise the caller's fallback.

/** Characters no file system accepts in a name, replaced so a server name can never add a path. */
const UNSAFE = /[\\/:*?"<>|]/g;

function safe(name: string): string {
  const printable = Array.from(name, (char) => (char.charCodeAt(0) < 0x20 ? '_' : char)).join('');
  return printable.replace(UNSAFE, '_').trim();
}

export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (header) {
    const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
    if (extended?.[1]) {
      try {
        const decoded = safe(decodeURIComponent(extended[1].trim()));
        if (decoded) return decoded;
      } catch {
        // Malformed percent-encoding: try the plain parameter.
      }
    }
    const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
    const name = safe((plain?.[1] ?? plain?.[2] ?? '').trim());
    if (name) return name;
  }
  return safe(fallback) || 'photo';
}
