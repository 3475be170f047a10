/* eslint-disable */
// Generated from plugins/cape-labels-backend/src/schema/openapi.yaml by
// scripts/generate-openapi-types.js (openapi-typescript); do not edit it.

/** The spec's paths, each with its operations by method. @public */
export interface paths {
  /** `/health` */
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/towers` */
  '/towers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['listTowers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/towers/{towerId}/runs` */
  '/towers/{towerId}/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A Tower's runs, newest first; page with `before`. */
    get: operations['listRuns'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/towers/{towerId}/top-sources` */
  '/towers/{towerId}/top-sources': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The cluster names and namespaces whose labels the Tower's runs of the last `days` days deleted most (at most 10 each). */
    get: operations['getTopSources'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/towers/{towerId}/sweep` */
  '/towers/{towerId}/sweep': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Asks for a manual sweep; it runs on whichever replica takes the scheduled task. */
    post: operations['requestSweep'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/towers/{towerId}/stop` */
  '/towers/{towerId}/stop': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Stops the Tower's running sweep, on whichever replica runs it, through the scheduler's cancel of the Tower's task: the run ends `aborted` with a `STOPPED` note naming who stopped it, its unanswered deletes settled as on any abort. 409 when no sweep of the Tower runs. */
    post: operations['stopSweep'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/runs/{runId}` */
  '/runs/{runId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['getRun'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/runs/{runId}/labels` */
  '/runs/{runId}/labels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The run's label outcomes passing the filters, a page at a time. */
    get: operations['listRunLabels'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  /** `/runs/{runId}/labels.csv` */
  '/runs/{runId}/labels.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every outcome of the run passing the filters as CSV (streamed), header row label_id,key,value,action,reason,created_at,relation,requested_by in English, or translated with `lang` (zh-CN files start with a UTF-8 byte order mark, for Excel); the cells are as the API answers them. */
    get: operations['downloadRunLabelsCsv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
/** The spec's schemas, shared answers and parameters. @public */
export interface components {
  /** `schemas` */
  schemas: {
    Error: {
      error: {
        name: string;
        message: string;
      };
      request: {
        method: string;
        url: string;
      };
      response: {
        statusCode: number;
      };
    };
    RunId: string;
    LabelAction: 'deleted' | 'would-delete' | 'kept' | 'failed';
    KeptReason:
      | 'referenced'
      | 'count-nonzero'
      | 'young'
      | 'unconfirmed'
      | 'cap'
      | 'raced'
      | 'refused'
      | 'malformed';
    OutcomeReason:
      | 'referenced'
      | 'count-nonzero'
      | 'young'
      | 'unconfirmed'
      | 'cap'
      | 'raced'
      | 'refused'
      | 'malformed'
      | 'error'
      | 'unanswered';
    /** Format: date-time */
    IsoDate: string;
    /**
     * @defaultValue en
     */
    Language: 'en' | 'zh-CN';
    /** The figures and names a message carries, by name. */
    Params: {
      [key: string]: string | number;
    };
    /** A remark on a run: its code and params (see RunNoteCode in the common package), with the backend's English message as the fallback. Notes stored before codes existed have the message only. */
    RunNote: {
      code?:
        | 'DELETE_COUNT_MISMATCH'
        | 'DELETE_UNANSWERED_SETTLED'
        | 'LATE_DELETIONS_CORRECTED'
        | 'LATE_DELETIONS_UNRECORDED'
        | 'LATE_DELETIONS_RECORDED'
        | 'RECHECK_FAILED'
        | 'LOGIN_API_KEY'
        | 'LOGIN_LDAP_AUTHN'
        | 'LOGIN_LDAP_NO_AUTHN_STRATEGIES'
        | 'LOGIN_LDAP_NO_LDAP_CONFIG'
        | 'LOGIN_REFUSED_BACKOFF'
        | 'CANCELLED_BY_SCHEDULER'
        | 'STOPPED'
        | 'DELETE_REFUSED_SPLIT'
        | 'RELATIONS_LACKING_BUILT_IN'
        | 'RELATIONS_BEYOND_BUILT_IN'
        | 'RELATIONS_READ_DIRECTLY'
        | 'RELATIONS_UNCLEAR'
        | 'HOLDER_UNREADABLE'
        | 'HELD_LABEL_DELETED'
        | 'HELD_CHECK_FAILED'
        | 'MORE_NOTES_IN_LOG';
      params?: components['schemas']['Params'];
      message: string;
    };
    /** The Tower's effective rules, defaults applied (ISO-8601 durations). The relations a run checks are read from Tower at each run (the run's `relations`). */
    TowerRules: {
      /** Younger labels are kept. */
      minAge: string;
      /** How long a candidate stays unreferenced before it is deleted; null when off. */
      confirmAfter: string | null;
      maxDeletesPerRun: number;
      dryRun: boolean;
      schedule: {
        frequency?: string;
        cron?: string;
        timeout: string;
        initialDelay?: string;
      };
    };
    RunCounts: {
      scanned: number;
      candidates: number;
      deleted: number;
      wouldDelete: number;
      kept: number;
      failed: number;
    };
    /** How many labels the run kept for each reason (reasons with none are left out); their sum is `counts.kept`. Kept on every run, also where the labels are no longer listed. This backend always sends it; answers recorded before it was lack it (optional, as in the common types' RunSummary). */
    KeptByReason: {
      referenced?: number;
      'count-nonzero'?: number;
      young?: number;
      unconfirmed?: number;
      cap?: number;
      raced?: number;
      refused?: number;
      malformed?: number;
    };
    RunSummary: components['schemas']['RunFields'];
    RunFields: {
      id: components['schemas']['RunId'];
      towerId: string;
      /**
       * How the run was started; `external`, by the scheduler's own trigger endpoint when the schedule had not made it due and no permitted request was pending (a preview only).
       */
      trigger: 'schedule' | 'manual' | 'event' | 'external';
      /** Who asked for a manual or event run, with the principal's type: a user's entity ref (user:default/jane), service:<subject> for a service (service:external:pipeline), or event:<publisher> for an event request (the publisher it named, as capeLabels.events.publishers allowed it). Absent for scheduled and external runs. */
      requestedBy?: string;
      /** true: decided and recorded, nothing deleted. */
      dryRun: boolean;
      /**
       * `partial`: the per-run cap left labels for the next run. `lost` is never stored: a `running` run whose heartbeat stopped is answered as `lost` (the Tower's next sweep records it `aborted`).
       */
      status:
        'running' | 'lost' | 'succeeded' | 'partial' | 'failed' | 'aborted';
      startedAt: components['schemas']['IsoDate'];
      finishedAt: components['schemas']['IsoDate'] | null;
      durationMs: number | null;
      counts: components['schemas']['RunCounts'];
      keptByReason?: components['schemas']['KeptByReason'];
      error?: {
        message: string;
        code?: string;
        params?: components['schemas']['Params'];
      };
      /** Which backend replica ran it (host:pid, for people). */
      instance: string;
      /** The unique id of the backend instance that ran it (Backstage's rootInstanceMetadata: new at every start, never reused). Absent on runs recorded before it was. */
      instanceId?: string;
      /** Remarks on the run, each a code with params and the English message. */
      notes?: components['schemas']['RunNote'][];
      /** Whose clock the age cutoff was taken on (Tower's, or this backend's). */
      clock?: {
        source: 'tower' | 'local';
        skewMs: number | null;
        /**
         * Tower's clock was further ahead than capeLabels.maxClockAhead; the cutoff was taken that far ahead only.
         */
        capped?: true;
      };
      /** The relations of Tower's Label the run checked before deleting: read from Tower's schema (introspection), or the built-in list less what Tower's validation refused (probe). */
      relations?: {
        source: 'introspection' | 'probe';
        checked: string[];
        /** How each checked relation was found: filters (Tower's schema shows its _some and _none filters), probe (the probe accepted them), probedAlone (the first probe seemed to lack it; a probe of it alone was accepted), unclear (nothing showed Tower lacks it, so it was kept). Absent on runs recorded before it was. */
        foundBy?: {
          [key: string]: 'filters' | 'probe' | 'probedAlone' | 'unclear';
        };
        /** List fields of Tower's Label with no _some/_none filters: the live check read them for each candidate; the delete cannot guard them. */
        readDirectly?: string[];
        /** Built-in relations this Tower lacks. */
        lackingBuiltIn?: string[];
        /** Relations this Tower has beyond the built-in list. */
        beyondBuiltIn?: string[];
      };
    };
    RunSettings: {
      /** ISO-8601 duration. */
      minAge: string;
      /** ISO-8601 duration. */
      confirmAfter: string;
      maxDeletesPerRun: number;
      keys: string[];
    };
    Run: components['schemas']['RunFields'] & {
      settings: components['schemas']['RunSettings'];
    };
    TowerSummary: {
      /** The Tower id, used by every other route and action. */
      id: string;
      title: string;
      /** Tower's URL. */
      server: string;
      /** Swept keys start with it: cape, sks. */
      resourcePrefix: string;
      /** Configured to never delete. */
      dryRun: boolean;
      running: boolean;
      nextRunAt: components['schemas']['IsoDate'] | null;
      lastRun: components['schemas']['RunSummary'] | null;
      /** The Tower's catalog owner (full entity ref), null when none is configured. */
      owner: string | null;
      /** Entity refs notified about the Tower's runs. */
      notify: string[];
      rules: components['schemas']['TowerRules'];
      /** Present while Tower refused this Tower's password logins in a row: scheduled sweeps wait before the next login (doubling from 15 minutes, at most a day) and nextLoginAt is the scheduled run that tries it; "Sweep now" and a change of the Tower's credentials try at once. */
      loginBackoff?: {
        /** Password logins refused in a row. */
        refusals: number;
        /** Tower's code for the last refusal. */
        lastCode: string;
        lastRefusedAt: components['schemas']['IsoDate'];
        nextLoginAt: components['schemas']['IsoDate'];
      };
      /** Present only when the way to this Tower is weak. */
      transport?: {
        /**
         * An http:// Tower off this machine (allowInsecure); its password crosses the network in clear.
         */
        insecure?: true;
        /**
         * Tower's TLS certificate is not checked.
         */
        skipTLSVerify?: true;
      };
    };
    LabelOutcome: {
      labelId: string;
      key: string;
      value: string | null;
      createdAt: string;
      action: components['schemas']['LabelAction'];
      reason?: components['schemas']['OutcomeReason'];
      /** With reason referenced, the relation of Tower's Label that held it (vms, vm_snapshots, ...). */
      relation?: string;
      /** With reason refused (and error, when Tower refused the delete): Tower's words, its code first. With reason malformed: which field is malformed and why. */
      detail?: string;
    };
    SourceCount: {
      value: string;
      deleted: number;
    };
    TopSources: {
      days: number;
      since: components['schemas']['IsoDate'];
      /** The cluster names whose labels were deleted most. */
      clusters: components['schemas']['SourceCount'][];
      /** The namespaces whose labels were deleted most. */
      namespaces: components['schemas']['SourceCount'][];
    };
  };
  /** `responses` */
  responses: {
    /** Backstage's error body. */
    Error: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
      };
    };
  };
  /** `parameters` */
  parameters: {
    /** A Tower id from the `capeLabels.towers` config. */
    towerId: string;
    runId: components['schemas']['RunId'];
    action: components['schemas']['LabelAction'];
    reason: components['schemas']['OutcomeReason'];
    /** The label key, exactly; empty means no filter. */
    key: string;
    /** A substring of the value, case-insensitive; empty means no filter. */
    search: string;
  };
  /** `requestBodies` */
  requestBodies: never;
  /** `headers` */
  headers: never;
  /** `pathItems` */
  pathItems: never;
}
export type $defs = Record<string, never>;
/** The spec's operations by operationId: parameters, request body and answers by status. @public */
export interface operations {
  /** `getHealth` */
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** The plugin is up. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            status: 'ok';
          };
        };
      };
    };
  };
  /** `listTowers` */
  listTowers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** Every configured Tower with its last run. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['TowerSummary'][];
          };
        };
      };
      401: components['responses']['Error'];
      403: components['responses']['Error'];
    };
  };
  /** `listRuns` */
  listRuns: {
    parameters: {
      query?: {
        limit?: number;
        /** The id of the last run of the previous page (keyset paging). */
        before?: components['schemas']['RunId'];
      };
      header?: never;
      path: {
        /** A Tower id from the `capeLabels.towers` config. */
        towerId: components['parameters']['towerId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** The runs. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['RunSummary'][];
          };
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
    };
  };
  /** `getTopSources` */
  getTopSources: {
    parameters: {
      query?: {
        days?: number;
      };
      header?: never;
      path: {
        /** A Tower id from the `capeLabels.towers` config. */
        towerId: components['parameters']['towerId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** Where the Tower's orphan labels came from. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TopSources'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
    };
  };
  /** `requestSweep` */
  requestSweep: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** A Tower id from the `capeLabels.towers` config. */
        towerId: components['parameters']['towerId'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @defaultValue false */
          dryRun?: boolean;
        };
      };
    };
    responses: {
      /** The request was taken. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            requestId: string;
          };
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      409: components['responses']['Error'];
    };
  };
  /** `stopSweep` */
  stopSweep: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** A Tower id from the `capeLabels.towers` config. */
        towerId: components['parameters']['towerId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** The running sweep was asked to stop. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** The run asked to stop. */
            runId: components['schemas']['RunId'];
          };
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
      409: components['responses']['Error'];
    };
  };
  /** `getRun` */
  getRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        runId: components['parameters']['runId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** The run with the settings it ran with. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Run'];
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
    };
  };
  /** `listRunLabels` */
  listRunLabels: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        action?: components['parameters']['action'];
        reason?: components['parameters']['reason'];
        /** The label key, exactly; empty means no filter. */
        key?: components['parameters']['key'];
        /** A substring of the value, case-insensitive; empty means no filter. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        runId: components['parameters']['runId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** A page of outcomes and how many pass the filters. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['LabelOutcome'][];
            total: number;
            /** The kept reasons whose labels this run no longer lists one by one (`count-nonzero` and `young` of runs older than the Tower's newest `retention.routineKeepRuns`): the run's `keptByReason` still counts them. Empty while every outcome of the run is listed. */
            countedOnly: components['schemas']['KeptReason'][];
          };
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
    };
  };
  /** `downloadRunLabelsCsv` */
  downloadRunLabelsCsv: {
    parameters: {
      query?: {
        /** The language of the header row. */
        lang?: components['schemas']['Language'];
        action?: components['parameters']['action'];
        reason?: components['parameters']['reason'];
        /** The label key, exactly; empty means no filter. */
        key?: components['parameters']['key'];
        /** A substring of the value, case-insensitive; empty means no filter. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        runId: components['parameters']['runId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** The CSV file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['Error'];
      401: components['responses']['Error'];
      403: components['responses']['Error'];
      404: components['responses']['Error'];
    };
  };
}
