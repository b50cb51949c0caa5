// Access rules: the ranges of allowed networks (IPv4 and IPv6) and the staff body's French messages.
import { describe, expect, it } from 'vitest';
import { durationWithBonus, examAccessRulesInputSchema, inCidr, ipBytes, parseCidr } from './exam-access';

const inside = (ip: string, cidr: string) => inCidr(ip, parseCidr(cidr)!);

describe('allowed networks', () => {
  it('reads IPv4 and IPv6 ranges and single addresses, and refuses the rest', () => {
    expect(parseCidr('10.12.0.0/16')).toEqual({ bytes: [10, 12, 0, 0], prefix: 16 });
    expect(parseCidr('192.0.2.7')?.prefix).toBe(32);
    expect(parseCidr('2001:db8::/32')?.prefix).toBe(32);
    expect(parseCidr('::1')?.bytes).toEqual([...Array(15).fill(0), 1]);
    expect(parseCidr('::ffff:10.0.0.1/128')?.bytes.slice(10)).toEqual([255, 255, 10, 0, 0, 1]);
    for (const bad of ['', '10.0.0/8', '10.0.0.256/8', '10.0.0.0/33', '2001:db8::/129', '2001:db8:::1', '1:2:3:4:5:6:7:8:9', 'salle-b', '10.0.0.0/8/1', 'fe80::1::2']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });

  it('matches addresses inside a range only, the IPv4-mapped form included', () => {
    expect(inside('10.12.200.3', '10.12.0.0/16')).toBe(true);
    expect(inside('10.13.0.1', '10.12.0.0/16')).toBe(false);
    expect(inside('::ffff:10.12.0.9', '10.12.0.0/16')).toBe(true);
    expect(inside('192.0.2.7', '192.0.2.7')).toBe(true);
    expect(inside('192.0.2.8', '192.0.2.7')).toBe(false);
    expect(inside('172.16.5.4', '172.16.0.0/12')).toBe(true);
    expect(inside('172.32.0.1', '172.16.0.0/12')).toBe(false);
    expect(inside('2001:db8:12:34::5', '2001:db8:12::/48')).toBe(true);
    expect(inside('2001:db8:13::5', '2001:db8:12::/48')).toBe(false);
    // An IPv6 address never matches an IPv4 range, nor the reverse.
    expect(inside('2001:db8::1', '0.0.0.0/0')).toBe(false);
    expect(inside('10.0.0.1', '::/0')).toBe(false);
    expect(ipBytes('pas une adresse')).toBeNull();
  });
});

describe('staff body', () => {
  const errorsOf = (input: unknown) => {
    const r = examAccessRulesInputSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes empty fields as no rule and keeps each range once', () => {
    const r = examAccessRulesInputSchema.parse({ access_code: '  ', allowed_networks: ['10.0.0.0/8', '10.0.0.0/8'], seb_config_key: '' });
    expect(r).toMatchObject({ access_code: null, allowed_networks: ['10.0.0.0/8'], seb_config_key: null, single_session: 0, hide_verdicts: 0, time_bonus_percent: 0 });
  });

  it('says in French what is wrong', () => {
    expect(errorsOf({ allowed_networks: ['salle B'] })).toEqual(['allowed_networks.0: « salle B » n’est pas une plage d’adresses : écrivez-la comme 10.12.0.0/16 ou 2001:db8::/48.']);
    expect(errorsOf({ access_code: 'ab' })[0]).toContain('au moins 4 caractères');
    expect(errorsOf({ time_bonus_percent: 150 })[0]).toContain('ne dépasse pas 100 %');
    expect(errorsOf({ seb_config_key: 'xyz' })[0]).toContain('64 caractères hexadécimaux');
  });

  it('adds time for everyone to the duration, whole minutes rounded up', () => {
    expect(durationWithBonus(60, 10)).toBe(66);
    expect(durationWithBonus(45, 10)).toBe(50);
    expect(durationWithBonus(60, 0)).toBe(60);
    expect(durationWithBonus(null, 10)).toBeNull();
  });
});
