export interface Config {
  /** The keys of the cape-labels backend's config this module reads (see that plugin for the rest). */
  capeLabels?: {
    catalog?: {
      /**
       * Link each Tower entity to the Tower's web UI (`metadata.links`), which shows its address
       * to whoever may read the entity (default false: no address on the entity).
       */
      linkTowers?: boolean;
    };
    towers?: {
      [towerId: string]: {
        /** The entity's `metadata.title` (default: the id). */
        title?: string;
        /** The Tower's URL; with `capeLabels.catalog.linkTowers` the entity links to its origin. */
        server?: string;
        /** The entity's `spec.owner` (default: the entity itself, `resource:default/<towerId>`, which no user can claim). */
        owner?: string;
      };
    };
  };
}
