import { useMemo } from 'react';
import type * as z from 'zod';
import { usePageData } from '@arttoy/shared/federation/page-data';

/**
 * The answer the server gave this page for `url` (its payload; during a server render, its data),
 * validated with the API's schema; undefined when not given (an empty URL asks for none).
 */
export function useGivenAnswer<T>(url: string, schema: z.ZodType<T>): T | undefined {
  const given = usePageData(url);
  return useMemo(() => (given === undefined ? undefined : schema.safeParse(given).data), [given, schema]);
}
