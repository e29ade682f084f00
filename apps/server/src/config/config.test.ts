import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to demo mode on port 8080 with the embedded database', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/jinb-config-test' });
    expect(config).toMatchObject({
      mode: 'demo',
      port: 8080,
      databaseUrl: undefined,
      dataDir: '/tmp/jinb-config-test',
    });
  });

  it('keeps everything in Redis under one prefix, the channel included unless it names its own', () => {
    const base = { DATA_DIR: '/tmp/jinb-config-test' };
    expect(loadConfig(base)).toMatchObject({ redisPrefix: 'jinb:', realtime: { redisPrefix: 'jinb:rt:' } });
    expect(loadConfig({ ...base, REDIS_PREFIX: 'site-b:' })).toMatchObject({
      redisPrefix: 'site-b:',
      realtime: { redisPrefix: 'site-b:rt:' },
    });
    expect(loadConfig({ ...base, REDIS_PREFIX: 'b:', WS_REDIS_PREFIX: 'ch:' }).realtime.redisPrefix).toBe('ch:');
    expect(() => loadConfig({ ...base, REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });

  it('refuses production without a database URL and secrets', () => {
    expect(() => loadConfig({ APP_MODE: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_MODE: 'production' })).toThrow(/DATABASE_URL.*APP_SECRET/);
  });

  it('trusts a hop count or proxy addresses, never every hop', () => {
    const base = { DATA_DIR: tmpdir() };
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig(base).trustProxy).toBe(false);
  });

  it('takes media hosts as origins and refuses anything else, since they go into the CSP header as they are', () => {
    const base = { DATA_DIR: tmpdir() };
    expect(loadConfig({ ...base, MEDIA_HOSTS: 'https://cdn.example.com, img.example.net:8443' }).mediaHosts).toEqual([
      'https://cdn.example.com',
      'https://img.example.net:8443',
    ]);
    expect(loadConfig(base).mediaHosts).toEqual([]);
    for (const bad of ["https://cdn.example.com/x; script-src 'unsafe-inline'", 'javascript:alert(1)', 'a b']) {
      expect(() => loadConfig({ ...base, MEDIA_HOSTS: bad })).toThrow(/MEDIA_HOSTS/);
    }
  });

  it('refuses to fall into demo mode against a real database unless asked to', () => {
    const url = 'postgres://x@localhost/db';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/APP_MODE=production, or APP_MODE=demo/);
    expect(loadConfig({ DATABASE_URL: url, APP_MODE: 'demo', DATA_DIR: tmpdir() }).mode).toBe('demo');
    expect(loadConfig({ DATA_DIR: tmpdir() }).mode).toBe('demo');
  });

  it('turns demo helpers into an error in production', () => {
    expect(() =>
      loadConfig({
        APP_MODE: 'production',
        DATABASE_URL: 'postgres://x@localhost/db',
        APP_SECRET: 'x'.repeat(40),
        RSA_PRIVATE_KEY: 'pem',
        SMS_WEBHOOK_URL: 'https://sms.example/send',
        SMTP_URL: 'smtp://mail.example',
        DEMO_CAPTCHA: '1234',
      }),
    ).toThrow(/demo helpers/);
  });

  it('counts business days in Asia/Shanghai unless PLATFORM_TIMEZONE names another IANA zone', () => {
    const base = { DATA_DIR: tmpdir() };
    expect(loadConfig(base).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ ...base, PLATFORM_TIMEZONE: 'America/Los_Angeles' }).timeZone).toBe('America/Los_Angeles');
    expect(() => loadConfig({ ...base, PLATFORM_TIMEZONE: '+08:00' })).toThrow(/PLATFORM_TIMEZONE.*IANA/);
    expect(() => loadConfig({ ...base, PLATFORM_TIMEZONE: 'Asia/Atlantis' })).toThrow(ConfigError);
  });

  it('refuses malformed demo credentials and ports', () => {
    expect(() => loadConfig({ DEMO_MEMBER: 'nopassword' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });
});
