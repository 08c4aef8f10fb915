import type { ComponentType } from 'react';
import { createRemote, lazyPage } from '@arttoy/shared/federation/remote';

const page = (load: () => Promise<ComponentType>) => lazyPage(load, 'Loading the page');

/** The box pages and the payment page, by route (the rows of mf_mysterybox in shared/contracts/routes.ts). */
export const mysterybox = createRemote({
  name: 'mf_mysterybox',
  // One chunk per page: the box list does not carry the fairness page's simulation or the payment flow.
  pages: {
    mysterybox: page(() =>
      import(/* webpackChunkName: "route-mysterybox" */ './pages/box-list-page').then(
        (module) => module.BoxListPage,
      ),
    ),
    'mysterybox-test': page(() =>
      import(/* webpackChunkName: "route-mysterybox-test" */ './pages/fairness-page').then(
        (module) => module.FairnessPage,
      ),
    ),
    'mysterybox-model_id': page(() =>
      import(/* webpackChunkName: "route-mysterybox-model_id" */ './pages/box-page').then(
        (module) => module.BoxPage,
      ),
    ),
    'payment-order_pay': page(() =>
      import(/* webpackChunkName: "route-payment-order_pay" */ './pages/order-pay-page').then(
        (module) => module.OrderPayPage,
      ),
    ),
  },
});
