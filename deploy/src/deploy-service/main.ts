// The deploy service on its own: npm run deploy-service (DEPLOY_PORT, DEPLOY_HOST, DEPLOY_STATE_DIR,
// DEPLOY_TEAMS_FILE, ORIGIN_DIR: settings.ts). npm start runs it beside the site server instead.
import { createServerLog, exitGracefully, graceMsAfter, logFormatFrom } from '@arttoy/api';
import { deployEnvironment } from '../config';
import { deployServiceSettings, SettingError } from './settings';
import { startDeployService } from './start';

const env = deployEnvironment();
try {
  const { fastifyOptions, logger } = createServerLog(logFormatFrom(env, process.stdout.isTTY === true));
  const started = await startDeployService({ env, log: fastifyOptions });
  if (!started) {
    console.error('DEPLOY_PORT is "off": the deploy service was not started.');
    process.exit(2);
  }
  console.log(`Deploy service at ${started.url}`);
  // Drains like the site server and the API (answers say `Connection: close` for DRAIN_MS), then closes.
  exitGracefully({
    log: logger,
    graceMs: graceMsAfter(deployServiceSettings(env).drainMs),
    close: started.shutdown,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof SettingError ? 2 : 1);
}
