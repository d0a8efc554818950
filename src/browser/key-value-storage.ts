/** The part of the Web Storage API the preview and the Excel pane keep entries in (window.localStorage, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
