// Standalone QA page: mounts this remote's ./app exactly as the shell does. The shell never loads this file.
import { startHarness } from '@arttoy/shared/harness';

startHarness({ name: 'mf_blog', load: () => import('./app') });
