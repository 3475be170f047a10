export interface Config {
  /** The keys of the cape-labels backend's config this module reads (see that plugin for the rest). */
  capeLabels?: {
    towers?: {
      [towerId: string]: {
        /** The entity's `metadata.title` (default: the id). */
        title?: string;
        /** The Tower's URL; the entity links to its origin. */
        server?: string;
        /** The entity's `spec.owner` (default: the entity itself, `resource:default/<towerId>`, which no user can claim). */
        owner?: string;
      };
    };
  };
}
