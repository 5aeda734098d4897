import { describe, expect, it } from 'vitest';
import { checkUrlShape, isPrivateAddress, resolveTarget } from '@/lib/server/webhooks/address';
import { signWebhook } from '@/lib/server/webhooks/signature';
import { WEBHOOK_EVENT_TYPES, eventTypeOf } from '@/lib/server/webhooks/events';

describe('webhook targets', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('takes only http and https without user info', () => {
    expect(checkUrlShape('ftp://example.com/x')).toMatchObject({ ok: false, problem: 'scheme' });
    expect(checkUrlShape('not a url')).toMatchObject({ ok: false, problem: 'scheme' });
    expect(checkUrlShape('https://user:pw@example.com/')).toMatchObject({ ok: false, problem: 'credentials' });
    expect(checkUrlShape('https://example.com/hooks')).toMatchObject({ ok: true });
  });

  it('resolves IP literals without DNS and refuses private ones unless allowed', async () => {
    expect(await resolveTarget('http://[::1]:8080/', false)).toMatchObject({ ok: false, problem: 'private' });
    expect(await resolveTarget('http://[::1]:8080/', true)).toMatchObject({ ok: true, address: '::1', family: 6 });
    expect(await resolveTarget('https://8.8.8.8/', false)).toMatchObject({ ok: true, address: '8.8.8.8' });
  });
});

describe('webhook signatures and events', () => {
  it('signs {id}.{timestamp}.{body} with the secret’s bytes (Standard Webhooks test vector)', () => {
    // The example of the specification's reference libraries.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('names every business state change and nothing else', () => {
    expect(WEBHOOK_EVENT_TYPES).toContain('license.active');
    expect(WEBHOOK_EVENT_TYPES).toContain('payment.reversed');
    expect(WEBHOOK_EVENT_TYPES).toContain('sales.approved');
    expect(eventTypeOf('liquid', 'approved')).toBeNull();
    expect(eventTypeOf('invoice', 'paid')).toBe('invoice.paid');
  });
});
