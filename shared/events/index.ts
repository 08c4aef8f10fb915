export { createEventBus, type EventBus, type EventHandler } from './event-bus';
export {
  LOGIN_SUCCESS_EVENTS,
  onLoginSuccess,
  siteEvents,
  type LoginSuccess,
  type SiteEvents,
} from './site-events';
