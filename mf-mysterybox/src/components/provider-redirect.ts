/**
 * Leaves the site for the payment provider's approval page: a full-page navigation, since the
 * provider (or the API's sandbox page) is not a route of this site. Its own module so tests can
 * observe it (jsdom cannot navigate).
 */
export function goToProvider(approvalUrl: string): void {
  window.location.assign(approvalUrl);
}
