/** The `/meta` answer for the semantic model: cubes of type `view` with measures and dimensions named `view.member`. */
import type { Meta } from '../../src/core/wire/schemas';
import { TIME_GRANULARITIES, type SemanticModel } from './semantic-model';

const capitalize = (s: string): string => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1));

/** The metadata document (shape of `metaSchema`); members carry the engine's extra flags too. */
export function buildMeta(model: SemanticModel): Meta {
  return {
    cubes: model.map((view) => ({
      name: view.name,
      type: 'view' as const,
      title: view.title,
      description: view.description,
      isVisible: true,
      public: true,
      measures: view.measures.map((m) => ({
        name: `${view.name}.${m.name}`,
        title: `${view.title} ${m.title}`,
        shortTitle: m.title,
        type: 'number',
        aggType: m.aggType,
        ...(m.format === undefined ? {} : { format: m.format }),
        drillMembers: [...(m.drillMembers ?? [])],
        cumulative: false,
        cumulativeTotal: false,
        isVisible: true,
        public: true,
      })),
      dimensions: view.dimensions.map((d) => ({
        name: `${view.name}.${d.name}`,
        title: `${view.title} ${d.title}`,
        shortTitle: d.title,
        type: d.type,
        primaryKey: d.primaryKey === true,
        suggestFilterValues: true,
        isVisible: true,
        public: true,
        ...(d.meta === undefined ? {} : { meta: d.meta }),
        ...(d.type === 'time' ? { granularities: TIME_GRANULARITIES.map((g) => ({ name: g, title: capitalize(g) })) } : {}),
      })),
      segments: [],
    })),
  };
}
