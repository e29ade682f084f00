import { OPERATOR_ROLES, type OperatorRole } from '@jinb/contract';
import pino from 'pino';
import { loadConfig } from '../config/config';
import { createContainer } from '../container';

/**
 * Creates an operator account from the command line: the way to get the first operator of a production install.
 * Usage: npm run operator:create -w @jinb/server -- <account> <role: admin|finance|support>  (password from stdin or OPERATOR_PASSWORD)
 */
async function main() {
  const [account, role] = process.argv.slice(2);
  const password = process.env.OPERATOR_PASSWORD;
  if (!account || !role || !(OPERATOR_ROLES as readonly string[]).includes(role) || !password || password.length < 10) {
    console.error(
      'usage: OPERATOR_PASSWORD=<at least 10 characters> create-operator <account> <admin|finance|support>',
    );
    process.exit(64);
  }
  const config = loadConfig();
  const container = await createContainer(config, pino({ level: 'warn' }));
  try {
    await container.admin.createOperator(account, password, role as OperatorRole);
    console.log(`operator ${account} (${role}) created`);
  } finally {
    await container.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
