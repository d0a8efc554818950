/** The keys of a report's free-form `meta` that the add-in owns: its authoring mode and its builder state. */
export const META_MODE = 'mode';
export const META_BUILDER_STATE = 'builderState';
