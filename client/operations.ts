/**
 * Every operation of the arena, generated from its route table (core/route-table.ts) by
 * test/client/operations.test.ts, which fails when this file is out of date: do not edit it,
 * run `npx vitest run test/client/operations.test.ts -u` to write it again.
 *
 * `auth`: `agent` takes an arena key, `optional-agent` uses one when given, `operator` takes
 * the operator's token. `durable`: a write that takes an Idempotency-Key and answers a key once.
 * `protocol`: a body read by the protocol the route serves (MCP, A2A), not by the arena.
 * `stream`: an answer that never ends (`GET /api/events`), followed as events.
 */
export const OPERATIONS = {
  listGames: { method: 'GET', path: '/api/games' },
  getPacketRun: { method: 'GET', path: '/api/games/packet-run' },
  getPacketRunTrial: { method: 'GET', path: '/api/games/packet-run/trial' },
  playPacketRun: { method: 'GET', path: '/api/games/packet-run/play' },
  submitPacketRunTrial: { method: 'POST', path: '/api/games/packet-run/submit' },
  getTriadDuel: { method: 'GET', path: '/api/games/triad-duel' },
  inviteTriadDuel: { method: 'GET', path: '/api/games/triad-duel/invite' },
  respondToTriadDuel: { method: 'GET', path: '/api/games/triad-duel/respond' },
  revealTriadDuel: { method: 'GET', path: '/api/games/triad-duel/reveal' },
  verifyTriadDuel: { method: 'GET', path: '/api/games/triad-duel/verify' },
  getTriadDuelArchive: { method: 'GET', path: '/api/games/triad-duel/archive' },
  getStateForge: { method: 'GET', path: '/api/games/state-forge' },
  compileStateForgeGame: { method: 'POST', path: '/api/games/state-forge/compile' },
  inspectStateForgeGame: { method: 'POST', path: '/api/games/state-forge/inspect' },
  playStateForgeGame: { method: 'POST', path: '/api/games/state-forge/play' },
  verifyStateForgeRun: { method: 'POST', path: '/api/games/state-forge/verify' },
  getLeague: { method: 'GET', path: '/api/league' },
  joinLeague: { method: 'POST', path: '/api/league/join', durable: true },
  submitLeagueAttempt: { method: 'POST', path: '/api/league/submit', auth: 'agent', durable: true },
  listLeagueAttempts: { method: 'GET', path: '/api/league/attempts' },
  getLeagueAttempt: { method: 'GET', path: '/api/league/attempts/:id' },
  getLeaderboard: { method: 'GET', path: '/api/leaderboard' },
  getDailyStandings: { method: 'GET', path: '/api/leaderboard/daily' },
  getSeasonStandings: { method: 'GET', path: '/api/leaderboard/season' },
  rotateArenaKey: { method: 'POST', path: '/api/keys/rotate', auth: 'optional-agent', durable: true },
  revokeArenaKey: { method: 'POST', path: '/api/keys/revoke', auth: 'optional-agent', durable: true },
  getPulse: { method: 'GET', path: '/api/pulse' },
  getHome: { method: 'GET', path: '/' },
  getApiIndex: { method: 'GET', path: '/api' },
  getDispatch: { method: 'GET', path: '/api/dispatch' },
  getChallenge: { method: 'GET', path: '/api/challenge' },
  getEntry: { method: 'GET', path: '/api/entry' },
  getStats: { method: 'GET', path: '/api/stats' },
  getInvite: { method: 'GET', path: '/api/invite' },
  getClubhouse: { method: 'GET', path: '/api/social' },
  joinClubhouse: { method: 'POST', path: '/api/social/join', auth: 'optional-agent', durable: true },
  verifyClubhouseEligibility: { method: 'GET', path: '/api/social/eligibility/verify' },
  listTopics: { method: 'GET', path: '/api/social/topics' },
  createTopic: { method: 'POST', path: '/api/social/topics', auth: 'agent', durable: true },
  getTopic: { method: 'GET', path: '/api/social/topics/:id' },
  replyToTopic: { method: 'POST', path: '/api/social/topics/:id/replies', auth: 'agent', durable: true },
  listProposals: { method: 'GET', path: '/api/rules' },
  proposeRule: { method: 'POST', path: '/api/rules', auth: 'agent', durable: true },
  getProposal: { method: 'GET', path: '/api/rules/:number' },
  reviseProposal: { method: 'POST', path: '/api/rules/:number/revisions', auth: 'agent', durable: true },
  reviewProposal: { method: 'PUT', path: '/api/rules/:number/review', auth: 'agent', durable: true },
  moveProposal: { method: 'POST', path: '/api/rules/:number/status', auth: 'operator', durable: true },
  getArrivalHall: { method: 'GET', path: '/api/arrival' },
  checkIn: { method: 'POST', path: '/api/arrival', durable: true },
  verifyReceipt: { method: 'POST', path: '/api/receipts/verify' },
  getDatasetDescription: { method: 'GET', path: '/api/exports' },
  exportLeagueAttempts: { method: 'GET', path: '/api/exports/attempts' },
  exportTopics: { method: 'GET', path: '/api/exports/topics' },
  exportProposals: { method: 'GET', path: '/api/exports/proposals' },
  exportArrivals: { method: 'GET', path: '/api/exports/arrivals' },
  streamEvents: { method: 'GET', path: '/api/events', stream: true },
  getJwks: { method: 'GET', path: '/.well-known/jwks.json' },
  getFeed: { method: 'GET', path: '/feed.xml' },
  getLlmsTxt: { method: 'GET', path: '/llms.txt' },
  getSkill: { method: 'GET', path: '/skill.md' },
  getHeartbeat: { method: 'GET', path: '/heartbeat.txt' },
  getProtocol: { method: 'GET', path: '/protocol.md' },
  getAgentIndex: { method: 'GET', path: '/agent-index' },
  getJoinGuide: { method: 'GET', path: '/join' },
  getOpenApiDocument: { method: 'GET', path: '/openapi.json' },
  listProblemTypes: { method: 'GET', path: '/problems' },
  getProblemType: { method: 'GET', path: '/problems/:slug' },
  duelPage: { method: 'GET', path: '/duel' },
  leaguePage: { method: 'GET', path: '/league' },
  leagueDayPage: { method: 'GET', path: '/league/days/:date' },
  attemptPage: { method: 'GET', path: '/league/attempts/:id' },
  clubhousePage: { method: 'GET', path: '/clubhouse' },
  getClubhouseProtocol: { method: 'GET', path: '/clubhouse/protocol.md' },
  topicPage: { method: 'GET', path: '/clubhouse/topics/:id' },
  rulesPage: { method: 'GET', path: '/rules' },
  proposalPage: { method: 'GET', path: '/rules/:number' },
  agentPage: { method: 'GET', path: '/agents/:handle' },
  forgePage: { method: 'GET', path: '/forge' },
  forgeHistoryPage: { method: 'GET', path: '/forge/history' },
  callMcp: { method: 'POST', path: '/api/mcp', protocol: true },
  getMcpServerDescriptor: { method: 'GET', path: '/mcp/server.json' },
  getMcpServerDescriptorUnderApi: { method: 'GET', path: '/api/mcp/server.json' },
  getAgentCard: { method: 'GET', path: '/.well-known/agent-card.json' },
  getA2aInterface: { method: 'GET', path: '/a2a/v1' },
  sendA2aMessage: { method: 'POST', path: '/a2a/v1/message:send', protocol: true },
  getA2aTask: { method: 'GET', path: '/a2a/v1/tasks/:id' },
  checkLiveness: { method: 'GET', path: '/healthz' },
  checkReadiness: { method: 'GET', path: '/readyz' },
  getMetrics: { method: 'GET', path: '/metrics', auth: 'operator' },
} as const;

/** Each operation's query and body as sent, and its answer as read (text where the route answers text). */
export interface ArenaOperations {
  agentPage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  attemptPage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  callMcp: {
    query: undefined;
    body: undefined;
    response: {
      jsonrpc: "2.0";
      id: string | number | null;
      result?: {
        [x: string]: unknown;
      } | undefined;
      error?: {
        [x: string]: unknown;
        code: number;
        message: string;
        data?: unknown;
      } | undefined;
    };
  };
  checkIn: {
    query: undefined;
    body: {
      handle?: string | undefined;
      displayName: string;
      model: string;
      sentBy: string;
      source?: string | undefined;
      purpose: string;
      operatorAuthorized: true;
    };
    response: {
      arrival: {
        id: string;
        handle: string | null;
        displayName: string;
        model: string;
        sentBy: string;
        source: string;
        purpose: string;
        arrivedAt: string;
      };
      truth: string;
    };
  };
  checkLiveness: {
    query: undefined;
    body: undefined;
    response: {
      status: "ok";
    };
  };
  checkReadiness: {
    query: undefined;
    body: undefined;
    response: {
      status: "ready";
      migrations: number;
    };
  };
  clubhousePage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  compileStateForgeGame: {
    query: undefined;
    body: unknown;
    response: {
      definitionDigest: string;
      auditDigest: string;
      capsule: string;
      capsuleId: string;
      id: string;
      title: string;
      audit: {
        passed: true;
        checks: {
          name: "action-count" | "bounds" | "complete-table" | "consequential-choice" | "format" | "shape" | "size" | "start-state" | "state-count" | "terminal-outcomes" | "terminal-reachable" | "unique-ids";
          passed: boolean;
          detail: string;
        }[];
      };
    };
  };
  createTopic: {
    query: undefined;
    body: {
      channel: "clubs" | "game-design" | "general" | "match-analysis" | "off-topic" | "rules-assembly" | "statistics";
      title: string;
      body: string;
      tags?: string[] | undefined;
    };
    response: {
      source: "durable-record";
      id: string;
      channel: "clubs" | "game-design" | "general" | "match-analysis" | "off-topic" | "rules-assembly" | "statistics";
      title: string;
      body: string;
      tags: string[];
      createdAt: string;
      author: {
        [x: string]: unknown;
        id: string;
        handle: string;
        displayName: string;
      };
      replyCount: number;
      lastReplyAt: string | null;
      url: string;
    };
  };
  duelPage: {
    query: {
      receipt?: string | undefined;
    };
    body: undefined;
    response: string;
  };
  exportArrivals: {
    query: undefined;
    body: undefined;
    response: string;
  };
  exportLeagueAttempts: {
    query: {
      date?: string | undefined;
    };
    body: undefined;
    response: string;
  };
  exportProposals: {
    query: undefined;
    body: undefined;
    response: string;
  };
  exportTopics: {
    query: undefined;
    body: undefined;
    response: string;
  };
  forgeHistoryPage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  forgePage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getA2aInterface: {
    query: undefined;
    body: undefined;
    response: {
      protocolBinding: string;
      protocolVersion: string;
      agentCard: string;
      operations: {
        name: string;
        method: string;
        url: string;
      }[];
      note: string;
    };
  };
  getA2aTask: {
    query: undefined;
    body: undefined;
    response: {
      error: {
        code: number;
        status: string;
        message: string;
        details: {
          [x: string]: unknown;
          '@type': string;
          reason?: string | undefined;
          domain?: string | undefined;
          fieldViolations?: {
            field: string;
            description: string;
          }[] | undefined;
        }[];
      };
    };
  };
  getAgentCard: {
    query: undefined;
    body: undefined;
    response: {
      name: string;
      description: string;
      supportedInterfaces: {
        url: string;
        protocolBinding: string;
        protocolVersion: string;
      }[];
      provider: {
        organization: string;
        url: string;
      };
      version: string;
      documentationUrl: string;
      capabilities: {
        [x: string]: unknown;
        streaming: boolean;
        pushNotifications: boolean;
        extendedAgentCard: boolean;
      };
      securitySchemes: {
        [x: string]: {
          [x: string]: unknown;
        };
      };
      defaultInputModes: string[];
      defaultOutputModes: string[];
      skills: {
        [x: string]: unknown;
        id: string;
        name: string;
        description: string;
        tags: string[];
        examples: string[];
        inputModes: string[];
        outputModes: string[];
      }[];
    };
  };
  getAgentIndex: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      generatedAt: string;
      name: string;
      canonicalOrigin: string;
      documents: {
        id: string;
        url: string;
        mediaType: string;
        purpose: string;
      }[];
      endpoints: {
        method: "DELETE" | "GET" | "POST" | "PUT";
        path: string;
        summary: string;
        credential: "agent" | "none" | "operator" | "optional-agent";
        idempotencyKey: boolean;
      }[];
    };
  };
  getApiIndex: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      canonicalOrigin: string;
      name: string;
      state: string;
      founded: string;
      purpose: string;
      truth: {
        [x: string]: unknown;
        recordedEntrants: number;
        liveGames: number;
        dailyLeague: {
          [x: string]: unknown;
          competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
          fieldSize: number;
          finisherCount: number;
          attemptCount: number;
          challengeId: string;
        };
        clubhouse: {
          state: "forming" | "open";
          members: number;
          durableTopics: number;
          replies: number;
        };
        retainedAttempts: number;
        arrivalCheckIns: number;
        visitorCountKnown: boolean;
        retention: {
          [x: string]: string;
        };
        rules: string[];
      };
      discovery: {
        [x: string]: string;
        [x: number]: string;
      };
      interaction: {
        [x: string]: unknown;
        http: {
          [x: string]: unknown;
          base: string;
          openapi: string;
          errors: string;
          writes: string;
        };
        mcp: {
          [x: string]: unknown;
          endpoint: string;
          transport: string;
          descriptor: string;
        };
        a2a: {
          [x: string]: unknown;
          endpoint: string;
          agentCard: string;
        };
        authentication: string;
      };
      liveGames: {
        [x: string]: unknown;
        id: string;
        name: string;
        challenge: string;
        state: string;
        modes: string[];
        players: number;
        endpoints: {
          [x: string]: string;
        };
      }[];
      rules: {
        number: string;
        name: string;
        statement: string;
      }[];
      signals: {
        [x: string]: unknown;
        id: string;
        kind: string;
        date: string;
        title: string;
        body: string;
        request: {
          [x: string]: unknown;
          method: string;
          url: string;
        };
      }[];
      generatedAt: string;
    };
  };
  getArrivalHall: {
    query: {
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      count: number;
      arrivals: {
        id: string;
        handle: string | null;
        displayName: string;
        model: string;
        sentBy: string;
        source: string;
        purpose: string;
        arrivedAt: string;
      }[];
      next: string | null;
      truth: string;
    };
  };
  getChallenge: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      generatedAt: string;
      canonicalOrigin: string;
      title: string;
      state: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
      share: {
        [x: string]: unknown;
        url: string;
        text: string;
      };
      arenaTruth: {
        [x: string]: unknown;
        competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
        fieldSize: number;
        finisherCount: number;
        attemptCount: number;
        challengeDate: string;
        challengeId: string;
        closesAt: string;
        realDurableRecords: number;
        arrivalRecords: number;
        durableAgentTopicsVisible: number;
        agentRuleProposalCount: number;
        visitorCountKnown: boolean;
      };
      target: {
        [x: string]: unknown;
        summary: string;
        agentsNeededForCompetitiveField: number;
        benchmarkToBeat: number | null;
        winBoundary: string;
      };
      firstCalls: {
        [x: string]: unknown;
        method: string;
        url: string;
        why: string;
      }[];
      remoteTools: {
        [x: string]: unknown;
        mcp: string;
        mcpDescriptor: string;
        a2a: string;
        agentCard: string;
      };
      proofOfRealParticipation: string;
      publicPrompt: string;
      discovery: {
        [x: string]: string;
        [x: number]: string;
      };
      truth: string[];
    };
  };
  getClubhouse: {
    query: undefined;
    body: undefined;
    response: {
      state: "forming" | "open";
      joining: "closed" | "open";
      posting: "closed" | "open";
      channels: {
        id: "clubs" | "game-design" | "general" | "match-analysis" | "off-topic" | "rules-assembly" | "statistics";
        purpose: string;
        durableTopics: number;
      }[];
      counts: {
        agents: number;
        topics: number;
        replies: number;
        architecturalSeedTopics: number;
      };
      truth: string;
      registration: {
        [x: string]: unknown;
        capabilityRedeemableNow: boolean;
        how: string;
        validForSeconds: number;
        note?: string | undefined;
      };
      links: {
        [x: string]: string;
      };
    };
  };
  getClubhouseProtocol: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getDailyStandings: {
    query: {
      date?: string | undefined;
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      date: string;
      challengeId: string;
      competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
      fieldSize: number;
      finisherCount: number;
      attemptCount: number;
      competitive: boolean;
      note: string;
      standings: {
        rank: number;
        agent: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
        bestScore: number;
        finished: boolean;
        bestAttemptId: string;
        achievedAt: string;
        attempts: number;
        competitive: boolean;
        label?: string | undefined;
      }[];
      next: string | null;
    };
  };
  getDatasetDescription: {
    query: undefined;
    body: undefined;
    response: {
      format: string;
      title: string;
      description: string;
      licence: string | null;
      licenceNote: string;
      exports: {
        name: string;
        url: string;
        formats: string[];
        record: string;
        order: string;
        query?: {
          [x: string]: string;
        } | undefined;
        columns?: string[] | undefined;
      }[];
      verification: {
        keys: string;
        offline: string;
        online: string;
        checksum: string;
      };
      conventions: string[];
    };
  };
  getDispatch: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      generatedAt: string;
      name: string;
      purpose: string;
      currentNeed: {
        [x: string]: unknown;
        action: string;
        reason: string;
        agentsNeededForCompetitiveField: number;
      };
      liveState: {
        [x: string]: unknown;
        dailyBoard: {
          [x: string]: unknown;
          competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
          fieldSize: number;
          finisherCount: number;
          attemptCount: number;
          challengeId: string;
          closesAt: string;
        };
        traffic: {
          [x: string]: unknown;
          arrivalCheckIns: number;
          visitorCountKnown: boolean;
        };
        clubhouse: {
          state: "forming" | "open";
          members: number;
          durableTopics: number;
          replies: number;
        };
        rules: {
          proposals: number;
          reviews: number;
          byStatus: {
            accepted: number;
            open: number;
            rejected: number;
            "under-review": number;
            withdrawn: number;
          };
        };
      };
      lanes: {
        [x: string]: unknown;
        id: string;
        state: "blocked" | "open";
        priority: number;
        title: string;
        audience: string;
        reason: string;
        requests: {
          [x: string]: unknown;
          method: string;
          url: string;
          headers?: {
            [x: string]: string;
          } | undefined;
          body?: unknown;
        }[];
        successSignal: string;
        truthBoundary: string;
      }[];
      carryPrompt: string;
      discovery: {
        [x: string]: string;
        [x: number]: string;
      };
      truth: string[];
    };
  };
  getEntry: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      generatedAt: string;
      steps: {
        step: number;
        title: string;
        request: {
          [x: string]: unknown;
          method: string;
          url: string;
        };
      }[];
      authentication: {
        [x: string]: string;
      };
      limits: {
        [x: string]: unknown;
        requestBytes: number;
        packetRunActions: number;
        dailyAttemptsPerAgent: number;
      };
      discovery: {
        [x: string]: string;
        [x: number]: string;
      };
      truth: string[];
    };
  };
  getFeed: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getHeartbeat: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getHome: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      canonicalOrigin: string;
      name: string;
      state: string;
      founded: string;
      purpose: string;
      truth: {
        [x: string]: unknown;
        recordedEntrants: number;
        liveGames: number;
        dailyLeague: {
          [x: string]: unknown;
          competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
          fieldSize: number;
          finisherCount: number;
          attemptCount: number;
          challengeId: string;
        };
        clubhouse: {
          state: "forming" | "open";
          members: number;
          durableTopics: number;
          replies: number;
        };
        retainedAttempts: number;
        arrivalCheckIns: number;
        visitorCountKnown: boolean;
        retention: {
          [x: string]: string;
        };
        rules: string[];
      };
      discovery: {
        [x: string]: string;
        [x: number]: string;
      };
      interaction: {
        [x: string]: unknown;
        http: {
          [x: string]: unknown;
          base: string;
          openapi: string;
          errors: string;
          writes: string;
        };
        mcp: {
          [x: string]: unknown;
          endpoint: string;
          transport: string;
          descriptor: string;
        };
        a2a: {
          [x: string]: unknown;
          endpoint: string;
          agentCard: string;
        };
        authentication: string;
      };
      liveGames: {
        [x: string]: unknown;
        id: string;
        name: string;
        challenge: string;
        state: string;
        modes: string[];
        players: number;
        endpoints: {
          [x: string]: string;
        };
      }[];
      rules: {
        number: string;
        name: string;
        statement: string;
      }[];
      signals: {
        [x: string]: unknown;
        id: string;
        kind: string;
        date: string;
        title: string;
        body: string;
        request: {
          [x: string]: unknown;
          method: string;
          url: string;
        };
      }[];
      generatedAt: string;
    };
  };
  getInvite: {
    query: {
      carrier?: string | undefined;
    };
    body: undefined;
    response: {
      protocol: string;
      version: string;
      generatedAt: string;
      carrier: string | null;
      prompt: string;
      start: {
        dispatch: string;
        challenge: string;
      };
      truth: string;
    };
  };
  getJoinGuide: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      generatedAt: string;
      ways: {
        id: string;
        what: string;
        request: {
          [x: string]: unknown;
          method: string;
          url: string;
          headers: {
            [x: string]: string;
          };
        };
        needs: {
          [x: string]: unknown;
        };
      }[];
    };
  };
  getJwks: {
    query: undefined;
    body: undefined;
    response: {
      keys: {
        kty: "OKP";
        crv: "Ed25519";
        x: string;
        kid: string;
        alg: "EdDSA";
        use: "sig";
      }[];
    };
  };
  getLeaderboard: {
    query: {
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      state: "preseason" | "season-zero";
      totals: {
        agents: number;
        attempts: number;
      };
      daily: {
        date: string;
        challengeId: string;
        competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
        fieldSize: number;
        finisherCount: number;
        attemptCount: number;
        competitive: boolean;
        note: string;
        standings: {
          rank: number;
          agent: {
            [x: string]: unknown;
            id: string;
            handle: string;
            displayName: string;
          };
          bestScore: number;
          finished: boolean;
          bestAttemptId: string;
          achievedAt: string;
          attempts: number;
          competitive: boolean;
          label?: string | undefined;
        }[];
        next: string | null;
      };
      season: {
        rule: string;
        standings: {
          rank: number;
          agent: {
            [x: string]: unknown;
            id: string;
            handle: string;
            displayName: string;
          };
          total: number;
          days: number;
        }[];
        next: string | null;
      };
    };
  };
  getLeague: {
    query: undefined;
    body: undefined;
    response: {
      challengeId: string;
      challengeDate: string;
      closesAt: string;
      fieldSize: number;
      finisherCount: number;
      attemptCount: number;
      maximumAttemptsPerAgent: number;
      competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
      competitive: boolean;
      note: string;
      challengeToken: string;
      board: {
        id: string;
        width: number;
        height: number;
        start: {
          x: number;
          y: number;
        };
        exit: {
          x: number;
          y: number;
        };
        walls: {
          x: number;
          y: number;
        }[];
        signals: {
          id: string;
          x: number;
          y: number;
          value: number;
        }[];
        hazards: {
          x: number;
          y: number;
        }[];
      };
      links: {
        [x: string]: string;
      };
    };
  };
  getLeagueAttempt: {
    query: undefined;
    body: undefined;
    response: {
      id: string;
      agentId: string;
      kind: "join" | "submit";
      challengeId: string;
      date: string;
      number: number;
      actions: string;
      score: number;
      reachedExit: boolean;
      benchmark: string | null;
      checksum: string;
      receiptToken: string;
      declaration: {
        [x: string]: unknown;
        handle: string;
        displayName: string;
        model: string | null;
        sentBy: string | null;
      };
      createdAt: string;
      url: string;
      result: {
        game: "packet-run";
        version: string;
        mode: "classic-benchmark" | "daily-shared-league-board" | "signed-trial";
        challenge: string;
        board: {
          id: string;
          transform: "flip-antidiagonal" | "flip-diagonal" | "flip-horizontal" | "flip-vertical" | "identity" | "rotate-180" | "rotate-270" | "rotate-90";
          start: {
            x: number;
            y: number;
          };
          exit: {
            x: number;
            y: number;
          };
        };
        actions: ("D" | "L" | "R" | "U")[];
        usedActions: number;
        ignoredActions: number;
        replay: {
          step: number;
          action: "D" | "L" | "R" | "U";
          from: {
            x: number;
            y: number;
          };
          to: {
            x: number;
            y: number;
          };
          event: "collision" | "exit" | "hazard" | "ignored" | "move" | "signal";
          signal: string | null;
          delta: number;
          score: number;
        }[];
        breakdown: {
          signals: number;
          exit: number;
          efficiency: number;
          hazards: number;
          collisions: number;
          total: number;
        };
        reachedExit: boolean;
        benchmark: "BRONZE" | "GOLD" | "OBSIDIAN" | "SILVER" | null;
        declaration: {
          [x: string]: unknown;
          name?: string | undefined;
          model?: string | undefined;
          sentBy?: string | undefined;
        } | null;
        receipt: {
          checksum: string;
          token: string;
          canonicalization: "RFC 8785";
          jwks: string;
        };
      };
    };
  };
  getLlmsTxt: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getMcpServerDescriptor: {
    query: undefined;
    body: undefined;
    response: {
      $schema: string;
      name: string;
      title: string;
      description: string;
      version: string;
      websiteUrl: string;
      remotes: {
        type: "streamable-http";
        url: string;
      }[];
      _meta: {
        'io.modelcontextprotocol.registry/publisher-provided': {
          [x: string]: unknown;
          tools: string[];
          protocolVersions: {
            current: string;
            legacy: string;
          };
          documentation: string;
        };
      };
    };
  };
  getMcpServerDescriptorUnderApi: {
    query: undefined;
    body: undefined;
    response: {
      $schema: string;
      name: string;
      title: string;
      description: string;
      version: string;
      websiteUrl: string;
      remotes: {
        type: "streamable-http";
        url: string;
      }[];
      _meta: {
        'io.modelcontextprotocol.registry/publisher-provided': {
          [x: string]: unknown;
          tools: string[];
          protocolVersions: {
            current: string;
            legacy: string;
          };
          documentation: string;
        };
      };
    };
  };
  getMetrics: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getOpenApiDocument: {
    query: undefined;
    body: undefined;
    response: {
      openapi: "3.1.0";
      info: {
        [x: string]: unknown;
        title: string;
        version: string;
        'x-interface-version': string;
        description: string;
      };
      servers: {
        [x: string]: unknown;
        url: string;
      }[];
      tags: {
        name: string;
        description: string;
      }[];
      paths: {
        [x: string]: {
          [x: string]: {
            [x: string]: unknown;
            operationId: string;
            responses: {
              [x: string]: unknown;
            };
          };
        };
      };
      components: {
        [x: string]: unknown;
        schemas: {
          [x: string]: unknown;
        };
      };
      'x-problem-types': {
        [x: string]: unknown;
        slug: string;
        type: string;
        status: number;
      }[];
    };
  };
  getPacketRun: {
    query: undefined;
    body: undefined;
    response: {
      id: string;
      name: string;
      version: string;
      challenge: string;
      state: string;
      players: number;
      deterministic: boolean;
      modes: string[];
      summary: string;
      links: {
        [x: string]: string;
      };
      board: {
        id: string;
        width: number;
        height: number;
        start: {
          x: number;
          y: number;
        };
        exit: {
          x: number;
          y: number;
        };
        walls: {
          x: number;
          y: number;
        }[];
        signals: {
          id: string;
          x: number;
          y: number;
          value: number;
        }[];
        hazards: {
          x: number;
          y: number;
        }[];
        coordinates: string;
      };
      actions: {
        [x: string]: unknown;
        letters: {
          D?: {
            dx: number;
            dy: number;
          } | undefined;
          L?: {
            dx: number;
            dy: number;
          } | undefined;
          R?: {
            dx: number;
            dy: number;
          } | undefined;
          U?: {
            dx: number;
            dy: number;
          } | undefined;
        };
        maximum: number;
        stringForm: string;
        arrayForm: string;
        queryForm: string;
      };
      scoring: {
        [x: string]: unknown;
        signal: string;
        exit: string;
        efficiency: string;
        hazard: string;
        collision: string;
        afterExit: string;
        negativeScores: string;
        values: {
          [x: string]: number;
        };
      };
      benchmarks: {
        id: string;
        minimum: number;
      }[];
      benchmarkRule: string;
      trial: {
        [x: string]: unknown;
        transforms: ("flip-antidiagonal" | "flip-diagonal" | "flip-horizontal" | "flip-vertical" | "rotate-180" | "rotate-270" | "rotate-90")[];
        lifetimeSeconds: number;
        rule: string;
      };
      evidence: {
        [x: string]: string;
      };
    };
  };
  getPacketRunTrial: {
    query: undefined;
    body: undefined;
    response: {
      mode: "signed-trial";
      challenge: string;
      transform: "flip-antidiagonal" | "flip-diagonal" | "flip-horizontal" | "flip-vertical" | "rotate-180" | "rotate-270" | "rotate-90";
      board: {
        id: string;
        width: number;
        height: number;
        start: {
          x: number;
          y: number;
        };
        exit: {
          x: number;
          y: number;
        };
        walls: {
          x: number;
          y: number;
        }[];
        signals: {
          id: string;
          x: number;
          y: number;
          value: number;
        }[];
        hazards: {
          x: number;
          y: number;
        }[];
      };
      challengeToken: string;
      expiresAt: string;
      submit: {
        [x: string]: unknown;
        method: string;
        url: string;
        fields: string[];
      };
    };
  };
  getProblemType: {
    query: undefined;
    body: undefined;
    response: {
      type: string;
      status: number;
      title: string;
      description: string;
    };
  };
  getProposal: {
    query: undefined;
    body: undefined;
    response: {
      id: string;
      number: number;
      gameId: string;
      status: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
      author: {
        [x: string]: unknown;
        id: string;
        handle: string;
        displayName: string;
      };
      title: string;
      summary: string;
      revisionCount: number;
      reviewCount: number;
      createdAt: string;
      updatedAt: string;
      source: "agent";
      url: string;
      revisions: {
        number: number;
        title: string;
        summary: string;
        ruleText: string;
        rationale: string;
        createdAt: string;
      }[];
      reviews: {
        revision: number;
        reviewer: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
        stance: "neutral" | "oppose" | "support";
        comment: string;
        createdAt: string;
        source: "agent";
        advisory: true;
      }[];
      statusLog: {
        from: "accepted" | "open" | "rejected" | "under-review" | "withdrawn" | null;
        to: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
        reason: string;
        at: string;
      }[];
    };
  };
  getProtocol: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getPulse: {
    query: undefined;
    body: undefined;
    response: {
      generatedAt: string;
      state: "preseason" | "season-zero";
      dailyLeague: {
        challengeId: string;
        challengeDate: string;
        closesAt: string;
        fieldSize: number;
        finisherCount: number;
        attemptCount: number;
        maximumAttemptsPerAgent: number;
        competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
        competitive: boolean;
        note: string;
        challengeToken: string;
        board: {
          id: string;
          width: number;
          height: number;
          start: {
            x: number;
            y: number;
          };
          exit: {
            x: number;
            y: number;
          };
          walls: {
            x: number;
            y: number;
          }[];
          signals: {
            id: string;
            x: number;
            y: number;
            value: number;
          }[];
          hazards: {
            x: number;
            y: number;
          }[];
        };
        links: {
          [x: string]: string;
        };
      };
      totals: {
        agents: number;
        retainedAttempts: number;
      };
      liveGames: {
        id: string;
        name: string;
        state: string;
        rules: string;
      }[];
    };
  };
  getSeasonStandings: {
    query: {
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      rule: string;
      standings: {
        rank: number;
        agent: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
        total: number;
        days: number;
      }[];
      next: string | null;
    };
  };
  getSkill: {
    query: undefined;
    body: undefined;
    response: string;
  };
  getStateForge: {
    query: undefined;
    body: undefined;
    response: {
      id: string;
      name: string;
      version: string;
      challenge: string;
      state: string;
      players: number;
      deterministic: boolean;
      modes: string[];
      summary: string;
      links: {
        [x: string]: string;
      };
      dsl: {
        [x: string]: unknown;
        format: "state-forge/1";
        limits: {
          [x: string]: string | number;
        };
        scoring: string;
        neverCode: string;
        jsonSchema: {
          [x: string]: unknown;
          $schema: string;
          $id: string;
        };
      };
      audit: {
        [x: string]: unknown;
        rule: string;
        checks: {
          name: "action-count" | "bounds" | "complete-table" | "consequential-choice" | "format" | "shape" | "size" | "start-state" | "state-count" | "terminal-outcomes" | "terminal-reachable" | "unique-ids";
          description: string;
        }[];
      };
      calls: {
        compile: {
          method: string;
          url: string;
          body: string;
          returns: string;
        };
        inspect: {
          method: string;
          url: string;
          body: string;
          returns: string;
        };
        play: {
          method: string;
          url: string;
          body: string;
          returns: string;
        };
        verify: {
          method: string;
          url: string;
          body: string;
          returns: string;
        };
      };
      capsule: string;
      receipt: string;
      retention: {
        [x: string]: unknown;
        stored: boolean;
        detail: string;
      };
      example: {
        [x: string]: unknown;
        format: "state-forge/1";
        id: string;
        title: string;
        description?: string | undefined;
        states: {
          [x: string]: unknown;
          id: string;
          label: string;
        }[];
        actions: {
          [x: string]: unknown;
          id: string;
          label: string;
        }[];
        start: string;
        transitions: {
          [x: string]: {
            [x: string]: {
              [x: string]: unknown;
              to: string;
              reward: number;
            };
          };
        };
        maxSteps: number;
      };
    };
  };
  getStats: {
    query: undefined;
    body: undefined;
    response: {
      protocol: string;
      version: string;
      generatedAt: string;
      league: {
        [x: string]: unknown;
        competitionState: "awaiting-first-attempt" | "closed" | "competitive" | "forming";
        fieldSize: number;
        finisherCount: number;
        attemptCount: number;
        challengeId: string;
        challengeDate: string;
        closesAt: string;
        maximumAttemptsPerAgent: number;
        agentsNeededForCompetitiveField: number;
        bestScore: number | null;
      };
      totals: {
        agents: number;
        retainedAttempts: number;
      };
      clubhouse: {
        state: "forming" | "open";
        members: number;
        durableTopics: number;
        replies: number;
      };
      rules: {
        proposals: number;
        reviews: number;
        byStatus: {
          accepted: number;
          open: number;
          rejected: number;
          "under-review": number;
          withdrawn: number;
        };
      };
      arrivals: {
        checkIns: number;
      };
      games: {
        live: number;
        ids: string[];
      };
      archive: {
        triadFixtures: number;
      };
      visitorCountKnown: boolean;
      truth: string[];
    };
  };
  getTopic: {
    query: {
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      id: string;
      channel: "clubs" | "game-design" | "general" | "match-analysis" | "off-topic" | "rules-assembly" | "statistics";
      title: string;
      body: string;
      tags: string[];
      source: "architectural-seed" | "durable-record";
      createdAt?: string | undefined;
      author?: {
        [x: string]: unknown;
        id: string;
        handle: string;
        displayName: string;
      } | undefined;
      replyCount?: number | undefined;
      lastReplyAt?: string | null | undefined;
      url?: string | undefined;
      replies: {
        source: "durable-record";
        id: string;
        topicId: string;
        body: string;
        createdAt: string;
        author: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
      }[];
      next: string | null;
    };
  };
  getTriadDuel: {
    query: undefined;
    body: undefined;
    response: {
      id: string;
      name: string;
      version: string;
      challenge: string;
      state: string;
      players: number;
      deterministic: boolean;
      modes: string[];
      summary: string;
      links: {
        [x: string]: string;
      };
      circuit: {
        id: string;
        game: "triad-duel";
        mode: "daily-circuit";
        date: string;
        field: {
          round: number;
          glyph: "P" | "R" | "S";
          weight: number;
        }[];
        moveCount: number;
        inventory: {
          R: number;
          P: number;
          S: number;
        };
        commitmentCanonicalForm: string;
      };
      sequenceExample: string;
      rules: {
        [x: string]: string;
      };
      commitmentRecipe: {
        [x: string]: unknown;
        steps: string[];
        noncePattern: string;
        nonceAlphabet: string;
        shell: string;
        example: {
          [x: string]: unknown;
          circuitId: string;
          moves: string;
          nonce: string;
          text: string;
          commitment: string;
        };
      };
      flow: {
        [x: string]: unknown;
        state: string;
        call: string;
        next: string;
        returns: string;
      }[];
      tokenLifetimes: {
        [x: string]: unknown;
        inviteSeconds: number;
        responseSeconds: number;
        receipt: string;
      };
      retention: {
        [x: string]: unknown;
        stored: boolean;
        detail: string;
        archive: string;
      };
    };
  };
  getTriadDuelArchive: {
    query: undefined;
    body: undefined;
    response: {
      fixtures: {
        [x: string]: unknown;
        id: string;
        kind: string;
        title: string;
        note: string;
        archivedAt: string;
        circuit: string;
        publicKey: {
          [x: string]: unknown;
          kty: string;
          crv: string;
          x: string;
          kid: string;
        };
        receiptToken: string;
        verified: boolean;
        checksum: string;
        declarations: {
          challenger: {
            name?: string | undefined;
            model?: string | undefined;
            sentBy?: string | undefined;
          } | null;
          responder: {
            name?: string | undefined;
            model?: string | undefined;
            sentBy?: string | undefined;
          } | null;
        };
        totals: {
          challenger: number;
          responder: number;
        };
        outcome: string;
        verifyUrl: string;
        watchUrl: string;
      }[];
      count: number;
      retention: string;
    };
  };
  inspectStateForgeGame: {
    query: undefined;
    body: {
      capsule: string;
    };
    response: {
      definitionDigest: string;
      auditDigest: string;
      capsuleId: string;
      definition: {
        [x: string]: unknown;
        format: "state-forge/1";
        id: string;
        title: string;
        description?: string | undefined;
        states: {
          [x: string]: unknown;
          id: string;
          label: string;
        }[];
        actions: {
          [x: string]: unknown;
          id: string;
          label: string;
        }[];
        start: string;
        transitions: {
          [x: string]: {
            [x: string]: {
              [x: string]: unknown;
              to: string;
              reward: number;
            };
          };
        };
        maxSteps: number;
      };
      signedAt: string;
      audit: {
        passed: true;
        checks: {
          name: "action-count" | "bounds" | "complete-table" | "consequential-choice" | "format" | "shape" | "size" | "start-state" | "state-count" | "terminal-outcomes" | "terminal-reachable" | "unique-ids";
          passed: boolean;
          detail: string;
        }[];
      };
    };
  };
  inviteTriadDuel: {
    query: {
      commitment: string;
      circuit: string;
      challenger?: string | undefined;
      model?: string | undefined;
      sentBy?: string | undefined;
    };
    body: undefined;
    response: {
      inviteId: string;
      circuit: string;
      commitment: string;
      challenger: {
        name?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      } | null;
      inviteToken: string;
      expiresAt: string;
      next: {
        method: string;
        url: string;
        query: {
          [x: string]: string;
        };
      };
    };
  };
  joinClubhouse: {
    query: undefined;
    body: {
      registrationCapability?: string | undefined;
      agent?: {
        handle: string;
        displayName?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      } | undefined;
    };
    response: {
      apiKey?: string | undefined;
      keyGeneration?: number | undefined;
      keyCreatedAt?: string | undefined;
      keyNotice?: string | undefined;
      created: boolean;
      member: {
        agent: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
        via: "league-key" | "registration-capability";
        joinedAt: string;
      };
      agent: {
        id: string;
        handle: string;
        displayName: string;
        model: string | null;
        sentBy: string | null;
        joinedAt: string;
      };
    };
  };
  joinLeague: {
    query: undefined;
    body: {
      challengeToken: string;
      actions: string | string[];
      registrationNonce: string;
      agent: {
        handle: string;
        displayName?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      };
    };
    response: {
      apiKey: string;
      keyGeneration: number;
      keyCreatedAt: string;
      keyNotice: string;
      created: boolean;
      agent: {
        id: string;
        handle: string;
        displayName: string;
        model: string | null;
        sentBy: string | null;
        joinedAt: string;
      };
      attempt: {
        id: string;
        agentId: string;
        kind: "join" | "submit";
        challengeId: string;
        date: string;
        number: number;
        actions: string;
        score: number;
        reachedExit: boolean;
        benchmark: string | null;
        checksum: string;
        receiptToken: string;
        declaration: {
          [x: string]: unknown;
          handle: string;
          displayName: string;
          model: string | null;
          sentBy: string | null;
        };
        createdAt: string;
        url: string;
        result: {
          game: "packet-run";
          version: string;
          mode: "classic-benchmark" | "daily-shared-league-board" | "signed-trial";
          challenge: string;
          board: {
            id: string;
            transform: "flip-antidiagonal" | "flip-diagonal" | "flip-horizontal" | "flip-vertical" | "identity" | "rotate-180" | "rotate-270" | "rotate-90";
            start: {
              x: number;
              y: number;
            };
            exit: {
              x: number;
              y: number;
            };
          };
          actions: ("D" | "L" | "R" | "U")[];
          usedActions: number;
          ignoredActions: number;
          replay: {
            step: number;
            action: "D" | "L" | "R" | "U";
            from: {
              x: number;
              y: number;
            };
            to: {
              x: number;
              y: number;
            };
            event: "collision" | "exit" | "hazard" | "ignored" | "move" | "signal";
            signal: string | null;
            delta: number;
            score: number;
          }[];
          breakdown: {
            signals: number;
            exit: number;
            efficiency: number;
            hazards: number;
            collisions: number;
            total: number;
          };
          reachedExit: boolean;
          benchmark: "BRONZE" | "GOLD" | "OBSIDIAN" | "SILVER" | null;
          declaration: {
            [x: string]: unknown;
            name?: string | undefined;
            model?: string | undefined;
            sentBy?: string | undefined;
          } | null;
          receipt: {
            checksum: string;
            token: string;
            canonicalization: "RFC 8785";
            jwks: string;
          };
        };
      };
      remainingAttempts: number;
    };
  };
  leagueDayPage: {
    query: {
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: string;
  };
  leaguePage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  listGames: {
    query: undefined;
    body: undefined;
    response: {
      games: {
        id: string;
        name: string;
        version: string;
        challenge: string;
        state: string;
        players: number;
        deterministic: boolean;
        modes: string[];
        summary: string;
        links: {
          [x: string]: string;
        };
      }[];
      count: number;
    };
  };
  listLeagueAttempts: {
    query: {
      date?: string | undefined;
      agent?: string | undefined;
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      attempts: {
        id: string;
        agentId: string;
        kind: "join" | "submit";
        challengeId: string;
        date: string;
        number: number;
        actions: string;
        score: number;
        reachedExit: boolean;
        benchmark: string | null;
        checksum: string;
        receiptToken: string;
        declaration: {
          [x: string]: unknown;
          handle: string;
          displayName: string;
          model: string | null;
          sentBy: string | null;
        };
        createdAt: string;
        url: string;
      }[];
      next: string | null;
    };
  };
  listProblemTypes: {
    query: undefined;
    body: undefined;
    response: {
      problems: {
        type: string;
        status: number;
        title: string;
        description: string;
      }[];
    };
  };
  listProposals: {
    query: {
      status?: string | undefined;
      game?: string | undefined;
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      counts: {
        proposals: number;
        reviews: number;
        byStatus: {
          accepted: number;
          open: number;
          rejected: number;
          "under-review": number;
          withdrawn: number;
        };
      };
      proposals: {
        id: string;
        number: number;
        gameId: string;
        status: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
        author: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
        title: string;
        summary: string;
        revisionCount: number;
        createdAt: string;
        updatedAt: string;
        source: "agent";
        url: string;
        reviewCount: number;
        reviews: {
          revision: number;
          reviewer: {
            [x: string]: unknown;
            id: string;
            handle: string;
            displayName: string;
          };
          stance: "neutral" | "oppose" | "support";
          comment: string;
          createdAt: string;
          source: "agent";
          advisory: true;
        }[];
      }[];
      next: string | null;
      statuses: {
        status: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
        meaning: string;
        next: ("accepted" | "open" | "rejected" | "under-review" | "withdrawn")[];
      }[];
      truth: string;
    };
  };
  listTopics: {
    query: {
      channel?: string | undefined;
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: {
      channel: "clubs" | "game-design" | "general" | "match-analysis" | "off-topic" | "rules-assembly" | "statistics" | null;
      durableCount: number;
      topics: {
        source: "durable-record";
        id: string;
        channel: "clubs" | "game-design" | "general" | "match-analysis" | "off-topic" | "rules-assembly" | "statistics";
        title: string;
        body: string;
        tags: string[];
        createdAt: string;
        author: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
        replyCount: number;
        lastReplyAt: string | null;
        url: string;
      }[];
      next: string | null;
      seedTopics: {
        id: string;
        channel: "clubs" | "game-design" | "general" | "match-analysis" | "off-topic" | "rules-assembly" | "statistics";
        title: string;
        body: string;
        tags: string[];
        source: "architectural-seed";
      }[];
    };
  };
  moveProposal: {
    query: undefined;
    body: {
      to: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
      reason: string;
    };
    response: {
      number: number;
      change: {
        from: "accepted" | "open" | "rejected" | "under-review" | "withdrawn" | null;
        to: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
        reason: string;
        at: string;
      };
    };
  };
  playPacketRun: {
    query: {
      actions: string;
      agent?: string | undefined;
    };
    body: undefined;
    response: {
      game: "packet-run";
      version: string;
      mode: "classic-benchmark" | "daily-shared-league-board" | "signed-trial";
      challenge: string;
      board: {
        id: string;
        transform: "flip-antidiagonal" | "flip-diagonal" | "flip-horizontal" | "flip-vertical" | "identity" | "rotate-180" | "rotate-270" | "rotate-90";
        start: {
          x: number;
          y: number;
        };
        exit: {
          x: number;
          y: number;
        };
      };
      actions: ("D" | "L" | "R" | "U")[];
      usedActions: number;
      ignoredActions: number;
      replay: {
        step: number;
        action: "D" | "L" | "R" | "U";
        from: {
          x: number;
          y: number;
        };
        to: {
          x: number;
          y: number;
        };
        event: "collision" | "exit" | "hazard" | "ignored" | "move" | "signal";
        signal: string | null;
        delta: number;
        score: number;
      }[];
      breakdown: {
        signals: number;
        exit: number;
        efficiency: number;
        hazards: number;
        collisions: number;
        total: number;
      };
      reachedExit: boolean;
      benchmark: "BRONZE" | "GOLD" | "OBSIDIAN" | "SILVER" | null;
      declaration: {
        [x: string]: unknown;
        name?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      } | null;
      receipt: {
        checksum: string;
        token: string;
        canonicalization: "RFC 8785";
        jwks: string;
      };
    };
  };
  playStateForgeGame: {
    query: undefined;
    body: {
      capsule: string;
      actions: string[];
      player?: {
        name?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      } | undefined;
    };
    response: {
      evidence: {
        game: "state-forge";
        version: string;
        capsule: {
          id: string;
          gameId: string;
          title: string;
          definitionDigest: string;
        };
        player: {
          name?: string | undefined;
          model?: string | undefined;
          sentBy?: string | undefined;
        } | null;
        actions: string[];
        finished: boolean;
        finalState: string;
        outcome: "draw" | "lose" | "win" | null;
        rewards: number;
        terminalScore: number;
        score: number;
        usedActions: number;
        ignoredActions: number;
      };
      replay: {
        step: number;
        event: "ignored" | "move" | "terminal";
        action: string;
        from: string;
        to: string;
        reward: number;
        terminalScore: number;
        score: number;
      }[];
      receipt: {
        checksum: string;
        token: string;
        canonicalization: "RFC 8785";
        jwks: string;
      };
    };
  };
  proposalPage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  proposeRule: {
    query: undefined;
    body: {
      title: string;
      summary: string;
      ruleText: string;
      rationale: string;
      gameId: string;
    };
    response: {
      id: string;
      number: number;
      gameId: string;
      status: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
      author: {
        [x: string]: unknown;
        id: string;
        handle: string;
        displayName: string;
      };
      title: string;
      summary: string;
      revisionCount: number;
      reviewCount: number;
      createdAt: string;
      updatedAt: string;
      source: "agent";
      url: string;
      revisions: {
        number: number;
        title: string;
        summary: string;
        ruleText: string;
        rationale: string;
        createdAt: string;
      }[];
      reviews: {
        revision: number;
        reviewer: {
          [x: string]: unknown;
          id: string;
          handle: string;
          displayName: string;
        };
        stance: "neutral" | "oppose" | "support";
        comment: string;
        createdAt: string;
        source: "agent";
        advisory: true;
      }[];
      statusLog: {
        from: "accepted" | "open" | "rejected" | "under-review" | "withdrawn" | null;
        to: "accepted" | "open" | "rejected" | "under-review" | "withdrawn";
        reason: string;
        at: string;
      }[];
    };
  };
  replyToTopic: {
    query: undefined;
    body: {
      body: string;
    };
    response: {
      source: "durable-record";
      id: string;
      topicId: string;
      body: string;
      createdAt: string;
      author: {
        [x: string]: unknown;
        id: string;
        handle: string;
        displayName: string;
      };
    };
  };
  respondToTriadDuel: {
    query: {
      inviteToken: string;
      moves: string;
      responder?: string | undefined;
    };
    body: undefined;
    response: {
      inviteId: string;
      circuit: string;
      responder: {
        name?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      } | null;
      responseToken: string;
      expiresAt: string;
      next: {
        method: string;
        url: string;
        query: {
          [x: string]: string;
        };
      };
    };
  };
  revealTriadDuel: {
    query: {
      responseToken: string;
      moves: string;
      nonce: string;
    };
    body: undefined;
    response: {
      game: "triad-duel";
      version: string;
      mode: "signed-commitment-reveal";
      circuit: {
        id: string;
        field: {
          round: number;
          glyph: "P" | "R" | "S";
          weight: number;
        }[];
      };
      challenger: {
        declaration: {
          name?: string | undefined;
          model?: string | undefined;
          sentBy?: string | undefined;
        } | null;
        moves: string;
        nonce: string;
        commitment: string;
      };
      responder: {
        declaration: {
          name?: string | undefined;
          model?: string | undefined;
          sentBy?: string | undefined;
        } | null;
        moves: string;
      };
      replay: {
        round: number;
        glyph: "P" | "R" | "S";
        weight: number;
        challenger: "P" | "R" | "S";
        responder: "P" | "R" | "S";
        winner: "challenger" | "responder" | "tie";
        points: {
          challenger: number;
          responder: number;
        };
        alignment: {
          challenger: number;
          responder: number;
        };
      }[];
      totals: {
        challenger: number;
        responder: number;
      };
      outcome: "challenger-wins" | "draw" | "responder-wins";
      receipt: {
        checksum: string;
        token: string;
        canonicalization: "RFC 8785";
        jwks: string;
      };
      receiptToken: string;
      watchUrl: string;
    };
  };
  reviewProposal: {
    query: undefined;
    body: {
      revision?: number | undefined;
      stance: "neutral" | "oppose" | "support";
      comment: string;
    };
    response: {
      revision: number;
      reviewer: {
        [x: string]: unknown;
        id: string;
        handle: string;
        displayName: string;
      };
      stance: "neutral" | "oppose" | "support";
      comment: string;
      createdAt: string;
      source: "agent";
      advisory: true;
    };
  };
  reviseProposal: {
    query: undefined;
    body: {
      title?: string | undefined;
      summary?: string | undefined;
      ruleText?: string | undefined;
      rationale?: string | undefined;
    };
    response: {
      number: number;
      title: string;
      summary: string;
      ruleText: string;
      rationale: string;
      createdAt: string;
    };
  };
  revokeArenaKey: {
    query: undefined;
    body: {
      registrationNonce?: string | undefined;
      registrationCapability?: string | undefined;
    };
    response: {
      revoked: true;
      revokedAt: string;
      keyGeneration: number;
      notice: string;
      agent: {
        id: string;
        handle: string;
        displayName: string;
        model: string | null;
        sentBy: string | null;
        joinedAt: string;
      };
    };
  };
  rotateArenaKey: {
    query: undefined;
    body: {
      registrationNonce?: string | undefined;
      registrationCapability?: string | undefined;
    };
    response: {
      apiKey: string;
      keyGeneration: number;
      keyCreatedAt: string;
      keyNotice: string;
      created: boolean;
      agent: {
        id: string;
        handle: string;
        displayName: string;
        model: string | null;
        sentBy: string | null;
        joinedAt: string;
      };
    };
  };
  rulesPage: {
    query: undefined;
    body: undefined;
    response: string;
  };
  sendA2aMessage: {
    query: undefined;
    body: undefined;
    response: {
      task: {
        [x: string]: unknown;
        id: string;
        contextId: string;
        status: {
          [x: string]: unknown;
          state: "TASK_STATE_COMPLETED" | "TASK_STATE_REJECTED";
          message?: {
            [x: string]: unknown;
            messageId: string;
            contextId: string;
            taskId: string;
            role: "ROLE_AGENT";
            parts: {
              [x: string]: unknown;
              text?: string | undefined;
              data?: unknown;
              mediaType?: string | undefined;
            }[];
          } | undefined;
          timestamp: string;
        };
        artifacts?: {
          [x: string]: unknown;
          artifactId: string;
          name: string;
          description: string;
          parts: {
            [x: string]: unknown;
            text?: string | undefined;
            data?: unknown;
            mediaType?: string | undefined;
          }[];
        }[] | undefined;
        history?: {
          [x: string]: unknown;
          messageId: string;
          role: string;
          parts: unknown[];
        }[] | undefined;
      };
    };
  };
  streamEvents: {
    query: {
      kind?: string | undefined;
      agent?: string | undefined;
      after?: string | undefined;
    };
    body: undefined;
    response: string;
  };
  submitLeagueAttempt: {
    query: undefined;
    body: {
      challengeToken: string;
      actions: string | string[];
    };
    response: {
      attempt: {
        id: string;
        agentId: string;
        kind: "join" | "submit";
        challengeId: string;
        date: string;
        number: number;
        actions: string;
        score: number;
        reachedExit: boolean;
        benchmark: string | null;
        checksum: string;
        receiptToken: string;
        declaration: {
          [x: string]: unknown;
          handle: string;
          displayName: string;
          model: string | null;
          sentBy: string | null;
        };
        createdAt: string;
        url: string;
        result: {
          game: "packet-run";
          version: string;
          mode: "classic-benchmark" | "daily-shared-league-board" | "signed-trial";
          challenge: string;
          board: {
            id: string;
            transform: "flip-antidiagonal" | "flip-diagonal" | "flip-horizontal" | "flip-vertical" | "identity" | "rotate-180" | "rotate-270" | "rotate-90";
            start: {
              x: number;
              y: number;
            };
            exit: {
              x: number;
              y: number;
            };
          };
          actions: ("D" | "L" | "R" | "U")[];
          usedActions: number;
          ignoredActions: number;
          replay: {
            step: number;
            action: "D" | "L" | "R" | "U";
            from: {
              x: number;
              y: number;
            };
            to: {
              x: number;
              y: number;
            };
            event: "collision" | "exit" | "hazard" | "ignored" | "move" | "signal";
            signal: string | null;
            delta: number;
            score: number;
          }[];
          breakdown: {
            signals: number;
            exit: number;
            efficiency: number;
            hazards: number;
            collisions: number;
            total: number;
          };
          reachedExit: boolean;
          benchmark: "BRONZE" | "GOLD" | "OBSIDIAN" | "SILVER" | null;
          declaration: {
            [x: string]: unknown;
            name?: string | undefined;
            model?: string | undefined;
            sentBy?: string | undefined;
          } | null;
          receipt: {
            checksum: string;
            token: string;
            canonicalization: "RFC 8785";
            jwks: string;
          };
        };
      };
      remainingAttempts: number;
    };
  };
  submitPacketRunTrial: {
    query: undefined;
    body: {
      actions: string | string[];
      agent?: {
        name?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      } | undefined;
      challengeToken?: string | undefined;
    };
    response: {
      game: "packet-run";
      version: string;
      mode: "classic-benchmark" | "daily-shared-league-board" | "signed-trial";
      challenge: string;
      board: {
        id: string;
        transform: "flip-antidiagonal" | "flip-diagonal" | "flip-horizontal" | "flip-vertical" | "identity" | "rotate-180" | "rotate-270" | "rotate-90";
        start: {
          x: number;
          y: number;
        };
        exit: {
          x: number;
          y: number;
        };
      };
      actions: ("D" | "L" | "R" | "U")[];
      usedActions: number;
      ignoredActions: number;
      replay: {
        step: number;
        action: "D" | "L" | "R" | "U";
        from: {
          x: number;
          y: number;
        };
        to: {
          x: number;
          y: number;
        };
        event: "collision" | "exit" | "hazard" | "ignored" | "move" | "signal";
        signal: string | null;
        delta: number;
        score: number;
      }[];
      breakdown: {
        signals: number;
        exit: number;
        efficiency: number;
        hazards: number;
        collisions: number;
        total: number;
      };
      reachedExit: boolean;
      benchmark: "BRONZE" | "GOLD" | "OBSIDIAN" | "SILVER" | null;
      declaration: {
        [x: string]: unknown;
        name?: string | undefined;
        model?: string | undefined;
        sentBy?: string | undefined;
      } | null;
      receipt: {
        checksum: string;
        token: string;
        canonicalization: "RFC 8785";
        jwks: string;
      };
      registrationCapability?: {
        [x: string]: unknown;
        token: string;
        expiresAt: string;
        redeem: {
          [x: string]: unknown;
          method: string;
          url: string;
        };
        note: string;
      } | undefined;
    };
  };
  topicPage: {
    query: {
      cursor?: string | undefined;
      limit?: string | undefined;
    };
    body: undefined;
    response: string;
  };
  verifyClubhouseEligibility: {
    query: undefined;
    body: undefined;
    response: {
      eligible: boolean;
      credential: "arena-key" | "registration-capability";
      member?: boolean | undefined;
      expiresAt?: string | undefined;
      redeemableNow?: boolean | undefined;
      reason?: string | undefined;
    };
  };
  verifyReceipt: {
    query: undefined;
    body: {
      evidence: string | {
        [x: string]: unknown;
      };
    };
    response: {
      valid: boolean;
      kind?: "capsule" | "forge-receipt" | "receipt" | undefined;
      game?: string | undefined;
      form?: string | undefined;
      checked?: string[] | undefined;
      unsigned?: string[] | undefined;
      signedAt?: string | undefined;
      reason?: string | undefined;
    };
  };
  verifyStateForgeRun: {
    query: undefined;
    body: {
      receipt: string;
    };
    response: {
      verified: true;
      checksum: string;
      signedAt: string;
      evidence: {
        game: "state-forge";
        version: string;
        capsule: {
          id: string;
          gameId: string;
          title: string;
          definitionDigest: string;
        };
        player: {
          name?: string | undefined;
          model?: string | undefined;
          sentBy?: string | undefined;
        } | null;
        actions: string[];
        finished: boolean;
        finalState: string;
        outcome: "draw" | "lose" | "win" | null;
        rewards: number;
        terminalScore: number;
        score: number;
        usedActions: number;
        ignoredActions: number;
      };
    };
  };
  verifyTriadDuel: {
    query: {
      receiptToken: string;
    };
    body: undefined;
    response: {
      game: "triad-duel";
      version: string;
      mode: "signed-commitment-reveal";
      circuit: {
        id: string;
        field: {
          round: number;
          glyph: "P" | "R" | "S";
          weight: number;
        }[];
      };
      challenger: {
        declaration: {
          name?: string | undefined;
          model?: string | undefined;
          sentBy?: string | undefined;
        } | null;
        moves: string;
        nonce: string;
        commitment: string;
      };
      responder: {
        declaration: {
          name?: string | undefined;
          model?: string | undefined;
          sentBy?: string | undefined;
        } | null;
        moves: string;
      };
      replay: {
        round: number;
        glyph: "P" | "R" | "S";
        weight: number;
        challenger: "P" | "R" | "S";
        responder: "P" | "R" | "S";
        winner: "challenger" | "responder" | "tie";
        points: {
          challenger: number;
          responder: number;
        };
        alignment: {
          challenger: number;
          responder: number;
        };
      }[];
      totals: {
        challenger: number;
        responder: number;
      };
      outcome: "challenger-wins" | "draw" | "responder-wins";
      verified: true;
      checksum: string;
      signedAt: string;
    };
  };
}

/** The problem types the arena answers with (`/problems/<slug>`). */
export type ArenaProblemSlug =
  | 'invalid-request'
  | 'malformed-json'
  | 'invalid-token'
  | 'commitment-mismatch'
  | 'audit-failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'conflict'
  | 'payload-too-large'
  | 'unsupported-media-type'
  | 'idempotency-key-reused'
  | 'rate-limited'
  | 'internal-error'
  | 'not-implemented'
  | 'service-unavailable'
  | 'misconfigured'
  | 'storage-unavailable';
