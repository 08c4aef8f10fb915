import { Link, useParams } from 'react-router';
import { createPlaceholderPage } from '@arttoy/shared/ui';

/** Placeholder for a route whose page has not landed yet; shows the route's parameters. */
export const PlaceholderPage = createPlaceholderPage('mf_mysterybox', { Link, useParams });
