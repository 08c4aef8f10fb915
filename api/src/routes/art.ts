/** What every generated-art route shares: its `?v=` query, its answer's schema and its caching. */
import type { FastifyReply } from 'fastify';
import * as z from 'zod';

/** The art URL's version (`?v=`): a matching version is immutable; anything else revalidates hourly. */
export const artQuerySchema = z.object({ v: z.optional(z.string().max(20)) });

export const svgResponse = {
  description: 'SVG image',
  content: { 'image/svg+xml': { schema: z.string() } },
};

/** Sends the SVG, cached for a year when it was asked for at the current version. */
export function sendArt(reply: FastifyReply, svg: string, askedVersion: string | undefined, version: number) {
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header(
      'cache-control',
      askedVersion === String(version) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    )
    .send(svg);
}
