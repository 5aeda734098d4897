import { describe, expect, it } from 'vitest';
import { buildConfig as build } from '@/lib/config';

const buildConfig = (env: Record<string, string>) => build({ NODE_ENV: 'test', ...env });
import { sessionRefetchOptions } from '@/lib/client/session-options';
import { publicSettings } from '@/lib/settings';

describe('SPEC §4 Session: refetched on window focus, on an optional poll interval, not offline unless configured', () => {
  it('focus always; no poll by default', () => {
    expect(sessionRefetchOptions(undefined)).toEqual({
      refetchOnWindowFocus: true,
      refetchInterval: 0,
      refetchWhenOffline: false,
    });
  });

  it('the poll interval in seconds, skipped offline unless configured otherwise', () => {
    expect(sessionRefetchOptions({ session: { pollSeconds: 30, pollWhenOffline: false } })).toEqual({
      refetchOnWindowFocus: true,
      refetchInterval: 30,
      refetchWhenOffline: false,
    });
    expect(sessionRefetchOptions({ session: { pollSeconds: 30, pollWhenOffline: true } }).refetchWhenOffline).toBeUndefined();
  });
});

describe('SPEC §2 Layout: the shell passes environment settings to pages', () => {
  it('logo with width and height, path prefix, system title, provider, core API, socket, hub and domain', () => {
    const settings = publicSettings(
      buildConfig({
        APP_URL: 'https://ipl.example.com',
        LOGO_URL: '/brand.svg',
        LOGO_WIDTH: '40',
        LOGO_HEIGHT: '24',
        BASE_PATH: '/ipl',
        SYSTEM_TITLE: 'Snack IP',
        CORE_API_URL: 'https://core.example.com',
        SOCKET_URL: 'wss://socket.example.com',
        HUB_URL: 'https://hub.example.com',
        DOMAIN: 'example.com',
      }),
    );
    expect(settings.logo).toEqual({ url: '/brand.svg', width: 40, height: 24 });
    expect(settings).toMatchObject({
      basePath: '/ipl',
      systemTitle: 'Snack IP',
      coreApiUrl: 'https://core.example.com',
      socketUrl: 'wss://socket.example.com',
      hubUrl: 'https://hub.example.com',
      domain: 'example.com',
    });
    expect(settings.idpUrl).toMatch(/^https:\/\/ipl\.example\.com\//);
  });

  it('no secret reaches the pages', () => {
    const text = JSON.stringify(
      publicSettings(buildConfig({ APP_URL: 'https://ipl.example.com', GATE_ID: 'id', GATE_PASSWORD: 'pw' })),
    );
    expect(text).not.toContain('"pw"');
    expect(text).not.toMatch(/secret|password/i);
  });
});

describe('SPEC §9 analytics: the first-party count is on by default', () => {
  it('ANALYTICS_FIRST_PARTY defaults to on and can be turned off', () => {
    expect(publicSettings(buildConfig({ APP_URL: 'https://a.example' })).analyticsFirstParty).toBe(true);
    expect(
      publicSettings(buildConfig({ APP_URL: 'https://a.example', ANALYTICS_FIRST_PARTY: 'false' })).analyticsFirstParty,
    ).toBe(false);
  });
});
