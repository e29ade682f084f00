import { execFile, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config/config';

const run = promisify(execFile);
const DEPLOY = import.meta.dirname;
const scratch = mkdtempSync(path.join(tmpdir(), 'jinb-deploy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function onPath(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
}

/** Every variable name the server's configuration reads: loadConfig over an environment that notes each lookup. */
function variablesTheConfigReads(): string[] {
  const read = new Set<string>();
  const env = new Proxy({ DATA_DIR: scratch } as Record<string, string>, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return target[key as string];
    },
  });
  loadConfig(env as NodeJS.ProcessEnv);
  return [...read];
}

/** KEY=value lines of an EnvironmentFile (systemd's quoting: one pair of double or single quotes around the value). */
function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match?.[1]) continue;
    env[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return env;
}

const envExample = readFileSync(path.join(DEPLOY, 'jinb.env.example'), 'utf8');

describe('the environment file the nodes read (deploy/jinb.env.example)', () => {
  it('names every variable the server reads, set or commented out with its explanation', () => {
    const variables = variablesTheConfigReads();
    // The schema is read through, not listed by hand: a new variable without a line here fails this test.
    expect(variables.length).toBeGreaterThan(40);
    const missing = variables.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(envExample));
    expect(missing).toEqual([]);
  });

  it('is a production configuration the server accepts once its secrets are filled in', () => {
    const env = parseEnvironmentFile(envExample);
    // The shipped file leaves the secrets empty on purpose: the server refuses it until they are set.
    expect(() => loadConfig({ ...env, DATA_DIR: scratch })).toThrow(/APP_SECRET|METRICS_TOKEN/);
    const keyFile = path.join(scratch, 'jinb-rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const config = loadConfig({
      ...env,
      DATA_DIR: scratch,
      PORT: '8081',
      APP_SECRET: 'a'.repeat(64),
      METRICS_TOKEN: 'b'.repeat(48),
      // What the unit sets (LoadCredential= hands the key over in the credentials directory).
      RSA_PRIVATE_KEY_FILE: keyFile,
    } as NodeJS.ProcessEnv);
    expect(config).toMatchObject({ mode: 'production', port: 8081, host: '127.0.0.1', trustProxy: 1 });
    expect(config.operator.otp).toBe('required');
    expect(config.sports.feed).toBe('none');
  });
});

describe('the systemd units (deploy/systemd)', () => {
  const unit = readFileSync(path.join(DEPLOY, 'systemd', 'jinb@.service'), 'utf8');

  it('gives a node more time to stop than the node gives itself to drain', () => {
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1]);
    const drainMs = loadConfig({ DATA_DIR: scratch }).shutdownTimeoutMs;
    expect(stopSeconds * 1000).toBeGreaterThan(drainMs);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });

  it('runs the node hardened: its own user, a read-only system but its data folder, no new privileges', () => {
    for (const line of [
      'User=jinb',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
      'ReadWritePaths=/var/lib/jinb',
      'CapabilityBoundingSet=',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
    // V8 writes the machine code it runs: this setting would stop the node at its first compiled function.
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
  });

  it.skipIf(!onPath('systemd-analyze'))('passes systemd-analyze verify without a warning', async () => {
    // verify exits 0 even for unknown keys or values it ignores, so any line it prints about our units fails too.
    const folder = mkdtempSync(path.join(scratch, 'units-'));
    for (const name of ['jinb@.service', 'jinb.target']) {
      copyFileSync(path.join(DEPLOY, 'systemd', name), path.join(folder, name));
    }
    const result = await run(
      'systemd-analyze',
      ['verify', '--man=no', path.join(folder, 'jinb@8081.service'), path.join(folder, 'jinb.target')],
      { env: { ...process.env, SYSTEMD_LOG_LEVEL: 'notice' } },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(result.output.split('\n').filter((line) => line.includes(folder))).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe.skipIf(!onPath('promtool') || !onPath('envsubst'))('Prometheus (deploy/prometheus)', () => {
  it('loads the alert rules', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', path.join(DEPLOY, 'prometheus', 'alerts.yml')]);
    expect(stdout).toMatch(/SUCCESS/);
  });

  it('fires each paging alert on the series that should page and stays quiet on healthy ones', async () => {
    const { stdout } = await run('promtool', ['test', 'rules', 'alerts.test.yml'], {
      cwd: path.join(DEPLOY, 'prometheus'),
    });
    expect(stdout).toMatch(/SUCCESS/);
  });

  it('accepts the configuration template once rendered, as local-up renders it', async () => {
    const tokenFile = path.join(scratch, 'metrics-token');
    writeFileSync(tokenFile, 'c'.repeat(48));
    const variables = {
      JINB_NODE_TARGETS: "'127.0.0.1:8081', '127.0.0.1:8082'",
      JINB_METRICS_TOKEN_FILE: tokenFile,
      JINB_ALERTS_FILE: path.join(DEPLOY, 'prometheus', 'alerts.yml'),
      JINB_PROMETHEUS_TARGET: '127.0.0.1:9090',
    };
    const rendered = spawnSync(
      'envsubst',
      [
        Object.keys(variables)
          .map((name) => `$${name}`)
          .join(' '),
      ],
      {
        input: readFileSync(path.join(DEPLOY, 'prometheus', 'prometheus.yml')),
        env: { ...process.env, ...variables },
        encoding: 'utf8',
      },
    ).stdout;
    expect(rendered).not.toMatch(/\$\{/);
    const file = path.join(scratch, 'prometheus.yml');
    writeFileSync(file, rendered);
    const { stdout } = await run('promtool', ['check', 'config', file]);
    expect(stdout).toMatch(/is valid prometheus config file/);
  });
});
