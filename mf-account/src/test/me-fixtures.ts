/** Test-only: the signed-in visitor as GET /api/me answers, with the given market handle. */
export function me(handle: string | null) {
  return {
    id: 7,
    uid: 'uid-ada-7',
    email: 'ada@example.test',
    displayName: 'Ada Lovelace',
    handle,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}
