// The order of every sorted list the views show: numbers in names by value ("server-2" before "server-10").
// One collator for all of them, because String.prototype.localeCompare with options builds a new Intl
// collator at every call (V8 caches only the default one): sorting the Tools view's 20 servers cost about
// 30 ms of the extension host's time per refresh (issue 30's profile of a start).
const naturalCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const numericCollator = new Intl.Collator(undefined, { numeric: true });

/** Numbers by value, letters without regard to case or accents. */
export const naturalCompare: (a: string, b: string) => number = naturalCollator.compare;

/** Numbers by value, and "a" before "A" (case and accents still order otherwise equal names). */
export const numericCompare: (a: string, b: string) => number = numericCollator.compare;
