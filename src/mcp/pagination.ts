// Following `nextCursor` to the end. The SDK's own aggregation stops at 64 pages, which a
// 10,000-resource server in pages of 100 exceeds, so the session walks pages itself.

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

const MAX_PAGES = 100_000;

export async function collectPages<T>(fetchPage: (cursor?: string) => Promise<Page<T>>, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    signal?.throwIfAborted();
    const page = await fetchPage(cursor);
    for (const item of page.items) items.push(item);
    if (!page.nextCursor) return items;
    if (seen.has(page.nextCursor)) {
      throw new Error(`the server repeated the cursor ${JSON.stringify(page.nextCursor)}; stopping after ${pages + 1} pages`);
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
  throw new Error(`more than ${MAX_PAGES} pages; stopping`);
}
