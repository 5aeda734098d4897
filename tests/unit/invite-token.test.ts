import { describe, expect, it } from 'vitest';
import { inviteMail } from '@/lib/server/invite/mail';
import { expiryFrom, hashInviteToken, inviteStatus, isTokenShape, newInviteToken, sameEmail } from '@/lib/server/invite/token';

describe('invitation tokens', () => {
  it('are 32 random bytes in base64url, stored only as their SHA-256', () => {
    const a = newInviteToken();
    const b = newInviteToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isTokenShape(a.token)).toBe(true);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashInviteToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    // Known vector: sha256("abc").
    expect(hashInviteToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuse shapes no link carries', () => {
    for (const bad of ['', 'short', 'A'.repeat(44), `${'A'.repeat(42)}=`, 42, null]) expect(isTokenShape(bad)).toBe(false);
  });

  it('expire after the configured hours; a pending one past its time reads as expired', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const expiresAt = expiryFrom(now, 168);
    expect(expiresAt.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(inviteStatus({ state: 'pending', expiresAt }, new Date('2026-01-07T23:59:59Z'))).toBe('pending');
    expect(inviteStatus({ state: 'pending', expiresAt }, expiresAt)).toBe('expired');
    expect(inviteStatus({ state: 'accepted', expiresAt }, new Date('2027-01-01Z'))).toBe('accepted');
    expect(inviteStatus({ state: 'revoked', expiresAt }, now)).toBe('revoked');
  });

  it('compare addresses without case or surrounding space', () => {
    expect(sameEmail(' Invitee@Example.com', 'invitee@example.COM ')).toBe(true);
    expect(sameEmail('a@example.com', 'b@example.com')).toBe(false);
  });
});

describe('invitation mail', () => {
  const base = {
    kind: 'licensee-owner' as const,
    systemTitle: 'IPL',
    organisation: 'Tom & <Jerry>',
    reference: 'IVT-2026-0007',
    inviter: 'Holder "H"',
    link: 'https://ipl.example/jp/invite/accept?token=abc&x=1',
    expiresAt: new Date('2026-01-08T00:00:00Z'),
  };

  it('is written in Japanese and English with the link and expiry', () => {
    const jp = inviteMail({ ...base, lang: 'jp' });
    expect(jp.subject).toBe('【IPL】Tom & <Jerry> へのご招待');
    expect(jp.text).toContain(base.link);
    // Japan time in Japanese, UTC stated in English; the invitation's number in both.
    expect(jp.text).toContain('2026年1月8日 09:00 まで有効');
    expect(jp.text).toContain('招待番号: IVT-2026-0007');
    const en = inviteMail({ ...base, lang: 'en', kind: 'licensee-staff', message: 'Welcome!' });
    expect(en.subject).toBe('[IPL] Invitation: Tom & <Jerry>');
    expect(en.text).toContain('to join Tom & <Jerry> as staff');
    expect(en.text).toContain('Welcome!');
    expect(en.text).toContain('valid until 8 Jan 2026, 00:00 UTC');
    expect(en.text).toContain('Invitation number: IVT-2026-0007');
  });

  it('escapes every value in HTML', () => {
    const { html } = inviteMail({ ...base, lang: 'en', message: '<script>x</script>' });
    expect(html).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(html).toContain('Holder &quot;H&quot;');
    expect(html).toContain('href="https://ipl.example/jp/invite/accept?token=abc&amp;x=1"');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<Jerry>');
  });
});
