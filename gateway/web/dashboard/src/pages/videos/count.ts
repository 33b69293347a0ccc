// How the list writes a count of views.

// Made on first use, not when the module loads: building a NumberFormat
// loads the locale's data, which held up the first page by about 100 ms.
let numbers: Intl.NumberFormat | undefined;

/** count writes n with the locale's grouping ("1,234"). */
export const count = (n: number) => (numbers ??= new Intl.NumberFormat()).format(n);
