import { PlansController } from './plans.controller';

describe('GET /api/plans', () => {
  it('lists the three plans in order with the spec prices and limits', () => {
    const { plans, promo } = new PlansController().list();
    expect(plans.map((p) => [p.id, p.monthlyPrice, p.annualMonthlyPrice, p.annualPrice, p.annualSavings])).toEqual([
      ['explorer', 0, 0, 0, null],
      ['enthusiast', 9, 7, 84, 'Save $24/year'],
      ['professional', 19, 15, 180, 'Save $48/year'],
    ]);
    expect(plans.map((p) => p.limits)).toEqual([
      { storageMB: 250, dailyUploads: 5, fileSizeMB: 10 },
      { storageMB: 25600, dailyUploads: 999999, fileSizeMB: 20 },
      { storageMB: 51200, dailyUploads: 999999, fileSizeMB: 30 },
    ]);
    expect(promo).toEqual({ code: 'Launch2025', percentOff: 25, months: 3, appliesTo: 'monthly' });
  });
});
