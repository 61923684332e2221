// A page of a paginated MCP list, for views that load lazily ("Load more…").
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}
