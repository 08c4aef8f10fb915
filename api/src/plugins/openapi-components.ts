/**
 * The names of the shared contract schemas in the OpenAPI document (`components.schemas`): each is
 * written once there and referenced (`$ref`) wherever a route uses it, so tools that generate
 * clients get one `Order` or `Figure` type instead of one anonymous copy per route.
 *
 * They are registered here, in zod's global registry (which fastify-type-provider-zod turns into
 * components), rather than with `.meta({ id })` in shared/contracts: naming components is the
 * document's concern, and the browser bundles that import the contracts stay as they are. The
 * response serializer (serializer.ts) does not read the registry, so names change no answer.
 */
import * as z from 'zod';
import * as api from '@arttoy/shared/contracts/api';

/**
 * Component name → schema. A schema a route uses for a request body is documented as `<Name>Input`
 * when its input and output differ and both are used (OpenAPI tools then know which fields a server
 * fills in); otherwise under its name. Names nothing uses are left out of the document.
 */
export const OPENAPI_COMPONENTS: Record<string, z.ZodType> = {
  ApiError: api.apiErrorSchema,
  Money: api.moneySchema,
  Health: api.healthSchema,
  // Catalogue
  Style: api.styleSchema,
  StylePage: api.stylePageSchema,
  StyleDetail: api.styleDetailSchema,
  SeriesSummary: api.seriesSummarySchema,
  SeriesPage: api.seriesPageSchema,
  SeriesDetail: api.seriesDetailSchema,
  Figure: api.figureSchema,
  FigurePage: api.figurePageSchema,
  BoxModelSummary: api.boxModelSummarySchema,
  BoxModelPage: api.boxModelPageSchema,
  BoxModelDetail: api.boxModelDetailSchema,
  BoxOdds: api.boxOddsSchema,
  GalleryPath: api.galleryPathSchema,
  // Content and search
  ContentSummary: api.contentSummarySchema,
  ContentList: api.contentListSchema,
  ContentDocumentResponse: api.contentDocumentResponseSchema,
  SearchEntry: api.searchEntrySchema,
  // Account and locker
  Me: api.meSchema,
  HandleBody: api.handleBodySchema,
  FairnessState: api.fairnessStateSchema,
  ClientSeedBody: api.clientSeedBodySchema,
  SeedRotation: api.seedRotationSchema,
  SavedPaymentMethod: api.savedPaymentMethodSchema,
  SavedPaymentMethodList: api.savedPaymentMethodListSchema,
  LockerItem: api.lockerItemSchema,
  LockerList: api.lockerListSchema,
  ShipOutAddress: api.shipOutAddressSchema,
  SavedAddress: api.savedAddressSchema,
  SavedAddressList: api.savedAddressListSchema,
  SaveAddressBody: api.saveAddressBodySchema,
  ShipRequest: api.shipRequestSchema,
  ShipRequestList: api.shipRequestListSchema,
  CreateShipRequestBody: api.createShipRequestBodySchema,
  // Orders, payments, draws
  Order: api.orderSchema,
  OrderPage: api.orderPageSchema,
  CreateOrderBody: api.createOrderBodySchema,
  PaymentSummary: api.paymentSummarySchema,
  StartPaymentBody: api.startPaymentBodySchema,
  StartPaymentResult: api.startPaymentResultSchema,
  CaptureBody: api.captureBodySchema,
  CaptureResult: api.captureResultSchema,
  PaymentProviderList: api.paymentProviderListSchema,
  WebhookAck: api.webhookAckSchema,
  DrawProof: api.drawProofSchema,
  DrawPage: api.drawPageSchema,
};

let registered = false;
/** Names the components in zod's global registry (once; their other metadata, such as a description, is kept). */
export function registerOpenApiComponents(): void {
  if (registered) return;
  registered = true;
  for (const [id, schema] of Object.entries(OPENAPI_COMPONENTS)) {
    const existing = z.globalRegistry.get(schema)?.id;
    if (existing !== undefined && existing !== id)
      throw new Error(
        `The schema named ${id} in OPENAPI_COMPONENTS is already registered as ${String(existing)}: give each schema one name.`,
      );
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}

type Json = unknown;
type Document = { paths?: Json; components?: { schemas?: Record<string, Json> } } & Record<string, Json>;

const REF_PREFIX = '#/components/schemas/';

/** Every value of `node` with each `$ref` to a component renamed by `rename`. */
function mapRefs(node: Json, rename: (name: string) => string): Json {
  if (Array.isArray(node)) return node.map((item) => mapRefs(item, rename));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)
        ? REF_PREFIX + rename(value.slice(REF_PREFIX.length))
        : mapRefs(value, rename),
    ]),
  );
}

function refsIn(node: Json, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX))
        found.add(value.slice(REF_PREFIX.length));
      else refsIn(value, found);
    }
  }
  return found;
}

/** JSON with object keys sorted, to compare two schemas whatever their key order. */
function canonical(node: Json): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(',')}]`;
  if (node === null || typeof node !== 'object') return JSON.stringify(node);
  return `{${Object.keys(node)
    .toSorted()
    .map((key) => `${JSON.stringify(key)}:${canonical((node as Record<string, Json>)[key])}`)
    .join(',')}}`;
}

/**
 * The document's components as tools want them: fastify-type-provider-zod writes every registered
 * schema twice (`Name` as answered, `NameInput` as accepted); here an input identical to its output
 * is referenced as `Name`, an input whose output nothing uses takes the plain name, components
 * nothing references (directly or through another component) are left out, and names are sorted.
 */
export function tidyComponents<T extends Document>(document: T): T {
  const schemas = document.components?.schemas ?? {};
  const rename = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const output = name.endsWith('Input') ? name.slice(0, -'Input'.length) : null;
    if (output && output in schemas && canonical(schemas[name]) === canonical(schemas[output]))
      rename.set(name, output);
  }
  let renamed = mapRefs(document, (name) => rename.get(name) ?? name) as T;

  // What the paths reach, then what those components reach (a Set's loop also visits what it adds).
  const all = renamed.components?.schemas ?? {};
  const reached = refsIn(renamed.paths, new Set());
  for (const name of reached) refsIn(all[name], reached);
  const plain = new Map<string, string>();
  for (const name of reached) {
    const output = name.endsWith('Input') ? name.slice(0, -'Input'.length) : null;
    if (output && !reached.has(output)) plain.set(name, output);
  }
  renamed = mapRefs(renamed, (name) => plain.get(name) ?? name) as T;
  const kept = renamed.components?.schemas ?? {};
  const tidy = Object.fromEntries(
    [...reached]
      .map((name) => [plain.get(name) ?? name, kept[name]])
      .toSorted(([a], [b]) => String(a).localeCompare(String(b))),
  );
  return { ...renamed, components: { ...renamed.components, schemas: tidy } };
}
