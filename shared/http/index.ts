export { API_BASE, apiJson, type ApiJsonOptions } from './api-json';
export { DEFAULT_TIMEOUT_MS, HttpError, NON_RETRIED_METHODS, request, RETRY_STATUS_CODES } from './client';
export { isApiError, visitorMessage, type ApiRefusal } from './api-error';
export { sameSitePath } from './site-path';
export { newIdempotencyKey } from './idempotency-key';
export { apiPath, apiRequest, withCallOptions, type ApiCallOptions, type EndpointArgs } from './api-request';
