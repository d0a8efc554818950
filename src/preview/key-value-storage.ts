/** The part of the Web Storage API the preview keeps its workbook and credentials in (window.localStorage, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
