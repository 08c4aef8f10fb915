// This remote's server module (./server of its server container): its pages rendered for the site server.
import { remoteServer } from '@arttoy/shared/federation/remote/server';
import { API_BASE } from '@arttoy/shared/http';
import { boxRead } from './api/catalogue';
import { mysterybox } from './routes';

export const { firstReads, renderToHtml, browserOnlyHead } = remoteServer(mysterybox, {
  // A box's page reads the box; the lists are asked for by the first render.
  firstReads: (page) =>
    page.id === 'mysterybox-model_id' ? [`${API_BASE}${boxRead(Number(page.params.model_id)).key}`] : [],
  // The payment page is one buyer's order.
  browserOnly: ['payment-order_pay'],
});
