// This file is generated from openapi.yaml by scripts/generate-openapi.js; do not edit it.
import { createValidatedOpenApiRouter } from '@backstage/backend-openapi-utils';

export const spec = {
  "openapi": "3.1.0",
  "info": {
    "title": "cape-labels",
    "version": "1",
    "description": "Sweeps orphan CAPE labels out of SmartX CloudTower. Every route but /health needs the cape-labels.read permission; POST /towers/{towerId}/sweep and POST /towers/{towerId}/stop need cape-labels.sweep.run. Errors have Backstage's error body.",
    "license": {
      "name": "Apache-2.0"
    }
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "paths": {
    "/health": {
      "get": {
        "operationId": "getHealth",
        "security": [],
        "responses": {
          "200": {
            "description": "The plugin is up.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "status"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "status": {
                      "const": "ok"
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "/towers": {
      "get": {
        "operationId": "listTowers",
        "responses": {
          "200": {
            "description": "Every configured Tower with its last run.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "items"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "items": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/TowerSummary"
                      }
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/towers/{towerId}/runs": {
      "get": {
        "operationId": "listRuns",
        "description": "A Tower's runs, newest first; page with `before`.",
        "parameters": [
          {
            "$ref": "#/components/parameters/towerId"
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100,
              "default": 20
            }
          },
          {
            "name": "before",
            "in": "query",
            "required": false,
            "description": "The id of the last run of the previous page (keyset paging).",
            "schema": {
              "$ref": "#/components/schemas/RunId"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The runs.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "items"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "items": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/RunSummary"
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error"
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          },
          "404": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/towers/{towerId}/top-sources": {
      "get": {
        "operationId": "getTopSources",
        "description": "The cluster names and namespaces whose labels the Tower's runs of the last `days` days deleted most (at most 10 each).",
        "parameters": [
          {
            "$ref": "#/components/parameters/towerId"
          },
          {
            "name": "days",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 365,
              "default": 30
            }
          }
        ],
        "responses": {
          "200": {
            "description": "Where the Tower's orphan labels came from.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TopSources"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error"
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          },
          "404": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/towers/{towerId}/sweep": {
      "post": {
        "operationId": "requestSweep",
        "description": "Asks for a manual sweep; it runs on whichever replica takes the scheduled task.",
        "parameters": [
          {
            "$ref": "#/components/parameters/towerId"
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "dryRun": {
                    "type": "boolean",
                    "default": false
                  }
                }
              }
            }
          }
        },
        "responses": {
          "202": {
            "description": "The request was taken.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "requestId"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "requestId": {
                      "type": "string"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error"
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          },
          "404": {
            "$ref": "#/components/responses/Error"
          },
          "409": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/towers/{towerId}/stop": {
      "post": {
        "operationId": "stopSweep",
        "description": "Stops the Tower's running sweep, on whichever replica runs it, through the scheduler's cancel of the Tower's task: the run ends `aborted` with a `STOPPED` note naming who stopped it, its unanswered deletes settled as on any abort. 409 when no sweep of the Tower runs.",
        "parameters": [
          {
            "$ref": "#/components/parameters/towerId"
          }
        ],
        "responses": {
          "202": {
            "description": "The running sweep was asked to stop.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "runId"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "runId": {
                      "$ref": "#/components/schemas/RunId",
                      "description": "The run asked to stop."
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error"
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          },
          "404": {
            "$ref": "#/components/responses/Error"
          },
          "409": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/runs/{runId}": {
      "get": {
        "operationId": "getRun",
        "parameters": [
          {
            "$ref": "#/components/parameters/runId"
          }
        ],
        "responses": {
          "200": {
            "description": "The run with the settings it ran with.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Run"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error"
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          },
          "404": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/runs/{runId}/labels": {
      "get": {
        "operationId": "listRunLabels",
        "description": "The run's label outcomes passing the filters, a page at a time.",
        "parameters": [
          {
            "$ref": "#/components/parameters/runId"
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 1000,
              "default": 100
            }
          },
          {
            "name": "offset",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 0,
              "maximum": 100000000,
              "default": 0
            }
          },
          {
            "$ref": "#/components/parameters/action"
          },
          {
            "$ref": "#/components/parameters/reason"
          },
          {
            "$ref": "#/components/parameters/key"
          },
          {
            "$ref": "#/components/parameters/search"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of outcomes and how many pass the filters.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "items",
                    "total",
                    "countedOnly"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "items": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/LabelOutcome"
                      }
                    },
                    "total": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "countedOnly": {
                      "type": "array",
                      "description": "The kept reasons whose labels this run no longer lists one by one (`count-nonzero` and `young` of runs older than the Tower's newest `retention.routineKeepRuns`): the run's `keptByReason` still counts them. Empty while every outcome of the run is listed.",
                      "items": {
                        "$ref": "#/components/schemas/KeptReason"
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error"
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          },
          "404": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/runs/{runId}/labels.csv": {
      "get": {
        "operationId": "downloadRunLabelsCsv",
        "description": "Every outcome of the run passing the filters as CSV (streamed), header row label_id,key,value,action,reason,created_at,relation,requested_by in English, or translated with `lang` (zh-CN files start with a UTF-8 byte order mark, for Excel); the cells are as the API answers them.",
        "parameters": [
          {
            "$ref": "#/components/parameters/runId"
          },
          {
            "name": "lang",
            "in": "query",
            "required": false,
            "description": "The language of the header row.",
            "schema": {
              "$ref": "#/components/schemas/Language"
            }
          },
          {
            "$ref": "#/components/parameters/action"
          },
          {
            "$ref": "#/components/parameters/reason"
          },
          {
            "$ref": "#/components/parameters/key"
          },
          {
            "$ref": "#/components/parameters/search"
          }
        ],
        "responses": {
          "200": {
            "description": "The CSV file.",
            "content": {
              "text/csv": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error"
          },
          "401": {
            "$ref": "#/components/responses/Error"
          },
          "403": {
            "$ref": "#/components/responses/Error"
          },
          "404": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    }
  },
  "components": {
    "parameters": {
      "towerId": {
        "name": "towerId",
        "in": "path",
        "required": true,
        "description": "A Tower id from the `capeLabels.towers` config.",
        "schema": {
          "type": "string",
          "pattern": "^[a-z0-9-]{1,100}$"
        }
      },
      "runId": {
        "name": "runId",
        "in": "path",
        "required": true,
        "schema": {
          "$ref": "#/components/schemas/RunId"
        }
      },
      "action": {
        "name": "action",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/LabelAction"
        }
      },
      "reason": {
        "name": "reason",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/OutcomeReason"
        }
      },
      "key": {
        "name": "key",
        "in": "query",
        "required": false,
        "description": "The label key, exactly; empty means no filter.",
        "allowEmptyValue": true,
        "schema": {
          "type": "string",
          "maxLength": 256
        }
      },
      "search": {
        "name": "search",
        "in": "query",
        "required": false,
        "description": "A substring of the value, case-insensitive; empty means no filter.",
        "allowEmptyValue": true,
        "schema": {
          "type": "string",
          "maxLength": 200
        }
      }
    },
    "responses": {
      "Error": {
        "description": "Backstage's error body.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": [
          "error",
          "request",
          "response"
        ],
        "additionalProperties": false,
        "properties": {
          "error": {
            "type": "object",
            "required": [
              "name",
              "message"
            ],
            "properties": {
              "name": {
                "type": "string"
              },
              "message": {
                "type": "string"
              }
            }
          },
          "request": {
            "type": "object",
            "required": [
              "method",
              "url"
            ],
            "properties": {
              "method": {
                "type": "string"
              },
              "url": {
                "type": "string"
              }
            }
          },
          "response": {
            "type": "object",
            "required": [
              "statusCode"
            ],
            "properties": {
              "statusCode": {
                "type": "integer"
              }
            }
          }
        }
      },
      "RunId": {
        "type": "string",
        "pattern": "^[A-Za-z0-9_-]{1,100}$"
      },
      "LabelAction": {
        "type": "string",
        "enum": [
          "deleted",
          "would-delete",
          "kept",
          "failed"
        ]
      },
      "KeptReason": {
        "type": "string",
        "enum": [
          "referenced",
          "count-nonzero",
          "young",
          "unconfirmed",
          "cap",
          "raced",
          "refused",
          "malformed"
        ]
      },
      "OutcomeReason": {
        "type": "string",
        "enum": [
          "referenced",
          "count-nonzero",
          "young",
          "unconfirmed",
          "cap",
          "raced",
          "refused",
          "malformed",
          "error",
          "unanswered"
        ]
      },
      "IsoDate": {
        "type": "string",
        "format": "date-time"
      },
      "Language": {
        "type": "string",
        "enum": [
          "en",
          "zh-CN"
        ],
        "default": "en"
      },
      "Params": {
        "type": "object",
        "description": "The figures and names a message carries, by name.",
        "additionalProperties": {
          "type": [
            "string",
            "number"
          ]
        }
      },
      "RunNote": {
        "type": "object",
        "required": [
          "message"
        ],
        "additionalProperties": false,
        "description": "A remark on a run: its code and params (see RunNoteCode in the common package), with the backend's English message as the fallback. Notes stored before codes existed have the message only.",
        "properties": {
          "code": {
            "type": "string",
            "enum": [
              "DELETE_COUNT_MISMATCH",
              "DELETE_UNANSWERED_SETTLED",
              "LATE_DELETIONS_CORRECTED",
              "LATE_DELETIONS_UNRECORDED",
              "LATE_DELETIONS_RECORDED",
              "RECHECK_FAILED",
              "LOGIN_API_KEY",
              "LOGIN_LDAP_AUTHN",
              "LOGIN_LDAP_NO_AUTHN_STRATEGIES",
              "LOGIN_LDAP_NO_LDAP_CONFIG",
              "LOGIN_REFUSED_BACKOFF",
              "CANCELLED_BY_SCHEDULER",
              "STOPPED",
              "DELETE_REFUSED_SPLIT",
              "RELATIONS_LACKING_BUILT_IN",
              "RELATIONS_BEYOND_BUILT_IN",
              "RELATIONS_READ_DIRECTLY",
              "RELATIONS_UNCLEAR",
              "HOLDER_UNREADABLE",
              "HELD_LABEL_DELETED",
              "HELD_CHECK_FAILED",
              "MORE_NOTES_IN_LOG"
            ]
          },
          "params": {
            "$ref": "#/components/schemas/Params"
          },
          "message": {
            "type": "string"
          }
        }
      },
      "TowerRules": {
        "type": "object",
        "description": "The Tower's effective rules, defaults applied (ISO-8601 durations). The relations a run checks are read from Tower at each run (the run's `relations`).",
        "required": [
          "minAge",
          "confirmAfter",
          "maxDeletesPerRun",
          "dryRun",
          "schedule"
        ],
        "additionalProperties": false,
        "properties": {
          "minAge": {
            "type": "string",
            "description": "Younger labels are kept."
          },
          "confirmAfter": {
            "type": [
              "string",
              "null"
            ],
            "description": "How long a candidate stays unreferenced before it is deleted; null when off."
          },
          "maxDeletesPerRun": {
            "type": "integer",
            "minimum": 0
          },
          "dryRun": {
            "type": "boolean"
          },
          "schedule": {
            "type": "object",
            "required": [
              "timeout"
            ],
            "additionalProperties": false,
            "properties": {
              "frequency": {
                "type": "string"
              },
              "cron": {
                "type": "string"
              },
              "timeout": {
                "type": "string"
              },
              "initialDelay": {
                "type": "string"
              }
            }
          }
        }
      },
      "RunCounts": {
        "type": "object",
        "required": [
          "scanned",
          "candidates",
          "deleted",
          "wouldDelete",
          "kept",
          "failed"
        ],
        "additionalProperties": false,
        "properties": {
          "scanned": {
            "type": "integer",
            "minimum": 0
          },
          "candidates": {
            "type": "integer",
            "minimum": 0
          },
          "deleted": {
            "type": "integer",
            "minimum": 0
          },
          "wouldDelete": {
            "type": "integer",
            "minimum": 0
          },
          "kept": {
            "type": "integer",
            "minimum": 0
          },
          "failed": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "KeptByReason": {
        "type": "object",
        "description": "How many labels the run kept for each reason (reasons with none are left out); their sum is `counts.kept`. Kept on every run, also where the labels are no longer listed. This backend always sends it; answers recorded before it was lack it (optional, as in the common types' RunSummary).",
        "additionalProperties": false,
        "properties": {
          "referenced": {
            "type": "integer",
            "minimum": 1
          },
          "count-nonzero": {
            "type": "integer",
            "minimum": 1
          },
          "young": {
            "type": "integer",
            "minimum": 1
          },
          "unconfirmed": {
            "type": "integer",
            "minimum": 1
          },
          "cap": {
            "type": "integer",
            "minimum": 1
          },
          "raced": {
            "type": "integer",
            "minimum": 1
          },
          "refused": {
            "type": "integer",
            "minimum": 1
          },
          "malformed": {
            "type": "integer",
            "minimum": 1
          }
        }
      },
      "RunSummary": {
        "type": "object",
        "allOf": [
          {
            "$ref": "#/components/schemas/RunFields"
          }
        ],
        "unevaluatedProperties": false
      },
      "RunFields": {
        "type": "object",
        "required": [
          "id",
          "towerId",
          "trigger",
          "dryRun",
          "status",
          "startedAt",
          "finishedAt",
          "durationMs",
          "counts",
          "instance"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/RunId"
          },
          "towerId": {
            "type": "string"
          },
          "trigger": {
            "type": "string",
            "enum": [
              "schedule",
              "manual",
              "event",
              "external"
            ],
            "description": "How the run was started; `external`, by the scheduler's own trigger endpoint when the schedule had not made it due and no permitted request was pending (a preview only)."
          },
          "requestedBy": {
            "type": "string",
            "description": "Who asked for a manual or event run, with the principal's type: a user's entity ref (user:default/jane), service:<subject> for a service (service:external:pipeline), or event:<publisher> for an event request (the publisher it named, as capeLabels.events.publishers allowed it). Absent for scheduled and external runs."
          },
          "dryRun": {
            "type": "boolean",
            "description": "true: decided and recorded, nothing deleted."
          },
          "status": {
            "type": "string",
            "enum": [
              "running",
              "lost",
              "succeeded",
              "partial",
              "failed",
              "aborted"
            ],
            "description": "`partial`: the per-run cap left labels for the next run. `lost` is never stored: a `running` run whose heartbeat stopped is answered as `lost` (the Tower's next sweep records it `aborted`)."
          },
          "startedAt": {
            "$ref": "#/components/schemas/IsoDate"
          },
          "finishedAt": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/IsoDate"
              },
              {
                "type": "null"
              }
            ]
          },
          "durationMs": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0
          },
          "counts": {
            "$ref": "#/components/schemas/RunCounts"
          },
          "keptByReason": {
            "$ref": "#/components/schemas/KeptByReason"
          },
          "error": {
            "type": "object",
            "required": [
              "message"
            ],
            "additionalProperties": false,
            "properties": {
              "message": {
                "type": "string"
              },
              "code": {
                "type": "string"
              },
              "params": {
                "$ref": "#/components/schemas/Params"
              }
            }
          },
          "instance": {
            "type": "string",
            "description": "Which backend replica ran it (host:pid, for people)."
          },
          "instanceId": {
            "type": "string",
            "description": "The unique id of the backend instance that ran it (Backstage's rootInstanceMetadata: new at every start, never reused). Absent on runs recorded before it was."
          },
          "notes": {
            "type": "array",
            "description": "Remarks on the run, each a code with params and the English message.",
            "items": {
              "$ref": "#/components/schemas/RunNote"
            }
          },
          "clock": {
            "type": "object",
            "description": "Whose clock the age cutoff was taken on (Tower's, or this backend's).",
            "required": [
              "source",
              "skewMs"
            ],
            "additionalProperties": false,
            "properties": {
              "source": {
                "type": "string",
                "enum": [
                  "tower",
                  "local"
                ]
              },
              "skewMs": {
                "type": [
                  "integer",
                  "null"
                ]
              },
              "capped": {
                "type": "boolean",
                "enum": [
                  true
                ],
                "description": "Tower's clock was further ahead than capeLabels.maxClockAhead; the cutoff was taken that far ahead only."
              }
            }
          },
          "relations": {
            "description": "The relations of Tower's Label the run checked before deleting: read from Tower's schema (introspection), or the built-in list less what Tower's validation refused (probe).",
            "type": "object",
            "required": [
              "source",
              "checked"
            ],
            "additionalProperties": false,
            "properties": {
              "source": {
                "type": "string",
                "enum": [
                  "introspection",
                  "probe"
                ]
              },
              "checked": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "foundBy": {
                "description": "How each checked relation was found: filters (Tower's schema shows its _some and _none filters), probe (the probe accepted them), probedAlone (the first probe seemed to lack it; a probe of it alone was accepted), unclear (nothing showed Tower lacks it, so it was kept). Absent on runs recorded before it was.",
                "type": "object",
                "additionalProperties": {
                  "type": "string",
                  "enum": [
                    "filters",
                    "probe",
                    "probedAlone",
                    "unclear"
                  ]
                }
              },
              "readDirectly": {
                "description": "List fields of Tower's Label with no _some/_none filters: the live check read them for each candidate; the delete cannot guard them.",
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "lackingBuiltIn": {
                "description": "Built-in relations this Tower lacks.",
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "beyondBuiltIn": {
                "description": "Relations this Tower has beyond the built-in list.",
                "type": "array",
                "items": {
                  "type": "string"
                }
              }
            }
          }
        }
      },
      "RunSettings": {
        "type": "object",
        "required": [
          "minAge",
          "confirmAfter",
          "maxDeletesPerRun",
          "keys"
        ],
        "additionalProperties": false,
        "properties": {
          "minAge": {
            "type": "string",
            "description": "ISO-8601 duration."
          },
          "confirmAfter": {
            "type": "string",
            "description": "ISO-8601 duration."
          },
          "maxDeletesPerRun": {
            "type": "integer",
            "minimum": 0
          },
          "keys": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        }
      },
      "Run": {
        "type": "object",
        "allOf": [
          {
            "$ref": "#/components/schemas/RunFields"
          },
          {
            "type": "object",
            "required": [
              "settings"
            ],
            "properties": {
              "settings": {
                "$ref": "#/components/schemas/RunSettings"
              }
            }
          }
        ],
        "unevaluatedProperties": false
      },
      "TowerSummary": {
        "type": "object",
        "required": [
          "id",
          "title",
          "server",
          "resourcePrefix",
          "dryRun",
          "running",
          "nextRunAt",
          "lastRun",
          "owner",
          "notify",
          "rules"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "description": "The Tower id, used by every other route and action."
          },
          "title": {
            "type": "string"
          },
          "server": {
            "type": "string",
            "description": "Tower's URL."
          },
          "resourcePrefix": {
            "type": "string",
            "description": "Swept keys start with it: cape, sks."
          },
          "dryRun": {
            "type": "boolean",
            "description": "Configured to never delete."
          },
          "running": {
            "type": "boolean"
          },
          "nextRunAt": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/IsoDate"
              },
              {
                "type": "null"
              }
            ]
          },
          "lastRun": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/RunSummary"
              },
              {
                "type": "null"
              }
            ]
          },
          "owner": {
            "type": [
              "string",
              "null"
            ],
            "description": "The Tower's catalog owner (full entity ref), null when none is configured."
          },
          "notify": {
            "type": "array",
            "description": "Entity refs notified about the Tower's runs.",
            "items": {
              "type": "string"
            }
          },
          "rules": {
            "$ref": "#/components/schemas/TowerRules"
          },
          "loginBackoff": {
            "type": "object",
            "description": "Present while Tower refused this Tower's password logins in a row: scheduled sweeps wait before the next login (doubling from 15 minutes, at most a day) and nextLoginAt is the scheduled run that tries it; \"Sweep now\" and a change of the Tower's credentials try at once.",
            "required": [
              "refusals",
              "lastCode",
              "lastRefusedAt",
              "nextLoginAt"
            ],
            "additionalProperties": false,
            "properties": {
              "refusals": {
                "type": "integer",
                "minimum": 1,
                "description": "Password logins refused in a row."
              },
              "lastCode": {
                "type": "string",
                "description": "Tower's code for the last refusal."
              },
              "lastRefusedAt": {
                "$ref": "#/components/schemas/IsoDate"
              },
              "nextLoginAt": {
                "$ref": "#/components/schemas/IsoDate"
              }
            }
          },
          "transport": {
            "type": "object",
            "description": "Present only when the way to this Tower is weak.",
            "additionalProperties": false,
            "properties": {
              "insecure": {
                "type": "boolean",
                "enum": [
                  true
                ],
                "description": "An http:// Tower off this machine (allowInsecure); its password crosses the network in clear."
              },
              "skipTLSVerify": {
                "type": "boolean",
                "enum": [
                  true
                ],
                "description": "Tower's TLS certificate is not checked."
              }
            }
          }
        }
      },
      "LabelOutcome": {
        "type": "object",
        "required": [
          "labelId",
          "key",
          "value",
          "createdAt",
          "action"
        ],
        "additionalProperties": false,
        "properties": {
          "labelId": {
            "type": "string"
          },
          "key": {
            "type": "string"
          },
          "value": {
            "type": [
              "string",
              "null"
            ]
          },
          "createdAt": {
            "type": "string"
          },
          "action": {
            "$ref": "#/components/schemas/LabelAction"
          },
          "reason": {
            "$ref": "#/components/schemas/OutcomeReason"
          },
          "relation": {
            "description": "With reason referenced, the relation of Tower's Label that held it (vms, vm_snapshots, ...).",
            "type": "string"
          },
          "detail": {
            "description": "With reason refused (and error, when Tower refused the delete): Tower's words, its code first. With reason malformed: which field is malformed and why.",
            "type": "string"
          }
        }
      },
      "SourceCount": {
        "type": "object",
        "required": [
          "value",
          "deleted"
        ],
        "additionalProperties": false,
        "properties": {
          "value": {
            "type": "string"
          },
          "deleted": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "TopSources": {
        "type": "object",
        "required": [
          "days",
          "since",
          "clusters",
          "namespaces"
        ],
        "additionalProperties": false,
        "properties": {
          "days": {
            "type": "integer",
            "minimum": 1
          },
          "since": {
            "$ref": "#/components/schemas/IsoDate"
          },
          "clusters": {
            "type": "array",
            "description": "The cluster names whose labels were deleted most.",
            "items": {
              "$ref": "#/components/schemas/SourceCount"
            }
          },
          "namespaces": {
            "type": "array",
            "description": "The namespaces whose labels were deleted most.",
            "items": {
              "$ref": "#/components/schemas/SourceCount"
            }
          }
        }
      }
    }
  }
} as const;

export const createOpenApiRouter = async (
  options?: Parameters<typeof createValidatedOpenApiRouter>['1'],
) => createValidatedOpenApiRouter<typeof spec>(spec, options);
