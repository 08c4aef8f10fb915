import { containsPattern, offsetOf, toPage } from './pagination';

describe('pagination', () => {
  const never = async () => {
    throw new Error('should not count');
  };

  it('takes the total from the rows, and the offset from the page', async () => {
    expect(offsetOf({ page: 3, pageSize: 10 })).toBe(20);
    const rows = [{ name: 'a', total: 21 }];
    expect(await toPage(rows, { page: 3, pageSize: 10 }, (row) => row.name, never)).toEqual({
      items: ['a'],
      page: 3,
      pageSize: 10,
      total: 21,
      totalPages: 3,
    });
  });

  it('knows an empty first page has no rows at all, and counts only past the end', async () => {
    expect(await toPage([], { page: 1, pageSize: 10 }, (row: { total: number }) => row, never)).toMatchObject(
      { total: 0, totalPages: 0 },
    );
    expect(
      await toPage(
        [],
        { page: 9, pageSize: 10 },
        (row: { total: number }) => row,
        async () => 21,
      ),
    ).toMatchObject({ items: [], page: 9, total: 21, totalPages: 3 });
  });

  it('escapes LIKE wildcards in search text', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
