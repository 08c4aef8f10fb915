import { Link, useParams } from 'react-router';
import { createPlaceholderPage } from '@arttoy/shared/ui';

/** Placeholder for a shell page whose feature has not landed yet (pag-demo, skeleton-demo). */
export const ShellPlaceholderPage = createPlaceholderPage('shell', { Link, useParams });
