/** Generated from the OpenAPI document by `npm run web:client`: do not edit; the tests fail when it is out of date. */

export interface paths {
    "/api/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @deprecated
         * @description Successor: GET /api/v1/agents.
         */
        get: operations["LegacyAgents_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @deprecated
         */
        get: operations["LegacyApiKeys_list"];
        put?: never;
        /**
         * Create a legacy sk_live_ API key
         * @deprecated
         */
        post: operations["LegacyApiKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @deprecated
         */
        delete: operations["LegacyApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key
         * @deprecated
         */
        post: operations["LegacyApiKeys_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/client": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The address and browser of this request, as the service sees them
         * @description What an IP allowlist is checked against: the web console shows it, so an admin can include their own address.
         */
        get: operations["Sessions_client"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation: set the first password and sign in
         * @description The token works once, within 72 hours.
         */
        post: operations["Passwords_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Sets the `service_session` cookie (HttpOnly, Secure, SameSite=Lax, 7 days, renewed by every request).
         */
        post: operations["Sessions_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out
         * @description Ends the session on the server and clears the cookie.
         */
        delete: operations["Sessions_logout"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/{connection_id}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID Connect redirect address
         * @description The identity provider sends the browser back here with `code` and `state`.
         */
        get: operations["Sso_oidcCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/{connection_id}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start an OpenID sign-in with this connection
         * @description The "initiate login URI" of an identity provider’s app tile.
         */
        get: operations["Sso_oidcLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the signed-in person’s password
         * @description Needs the current password: a wrong one is 400 naming `current_password` and counts as a failed sign-in of the address (429 `too_many_attempts` past the limit). Ends the person’s other sessions; this one stays. A cookie request needs `X-CSRF-Token`.
         */
        put: operations["Passwords_change"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description 202 whether the address has an account or not. With SMTP configured, each account of the address is e-mailed a link that works once, for an hour. An address whose domain an organization requiring single sign-on verified: 403 `sso_required` (decided by the domain alone).
         */
        post: operations["Passwords_requestReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link, and sign in
         * @description Ends the user’s other sessions.
         */
        post: operations["Passwords_confirmReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/saml/{connection_id}/acs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SAML assertion consumer service
         * @description The identity provider posts `SAMLResponse` here (HTTP-POST binding).
         */
        post: operations["Sso_acs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/saml/{connection_id}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a SAML sign-in with this connection
         * @description Redirects to the identity provider with an AuthnRequest: the address for an identity provider’s app tile (IdP-initiated responses are refused).
         */
        get: operations["Sso_samlLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/saml/{connection_id}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SAML service-provider metadata of a connection
         * @description Entity id (this address), the ACS address (HTTP-POST) and, when AuthnRequests are signed, the signing certificate.
         */
        get: operations["Sso_metadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in person, their organization and the CSRF token
         * @description Also sets the cookie again, for another seven days.
         */
        get: operations["Sessions_current"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person’s live sessions */
        get: operations["Sessions_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of the signed-in person’s sessions
         * @description Ending the current one also clears its cookie, as sign-out does.
         */
        delete: operations["Sessions_end"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with SSO
         * @description Redirects (302) to the identity provider of the organization whose verified domain the e-mail address is in.
         */
        get: operations["Sso_start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask an agent (legacy)
         * @deprecated
         * @description Successor: POST /api/v1/query. Answers the abbreviated form.
         */
        post: operations["LegacyChat_chat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description Newest first.
         */
        get: operations["Agents_list"];
        put?: never;
        /** Create an agent */
        post: operations["Agents_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an agent */
        get: operations["Agents_get"];
        /**
         * Update an agent
         * @description Only the fields sent change. A request that changes nothing keeps `updated_at` and emits no agent.updated.
         */
        put: operations["Agents_update"];
        post?: never;
        /** Delete an agent */
        delete: operations["Agents_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage and quality figures over a date range
         * @description The caller’s organization, or one of its agents, from start_date 00:00 to end_date 23:59:59.999 UTC; buckets are UTC whatever the server’s time zone. `total_queries`, `unique_users` and each bucket’s `queries` count every interaction, whatever its status; latencies, `citation_rate` and `total_cost_usd` use completed ones only, and `accuracy_rate` the feedback given. A range without interactions answers zeros and nulls. More than 1000 buckets, a start after the end or an invalid date is a 400; an agent_id that is not an agent of the organization is a 404.
         */
        get: operations["Analytics_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys (never their values)
         * @description Every key of the organization for admins; a person’s own keys otherwise.
         */
        get: operations["ApiKeys_list"];
        put?: never;
        /**
         * Create an API key
         * @description The key value is in this response only. Made by a person (web session, access token, personal key) it is their personal key, never beyond their role; made with an organization key it is the organization’s.
         */
        post: operations["ApiKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Takes effect at once on every instance.
         */
        delete: operations["ApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key
         * @description Issues a new value with the same name and scopes and revokes the old one. A personal key is rotated by its owner only (403 for anyone else).
         */
        post: operations["ApiKeys_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization’s audit log
         * @description Sign-ins, sessions, keys, users, settings and blocked addresses, newest first. Entries are never changed or removed.
         */
        get: operations["AuditLog_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The providers' OAuth redirect URI
         * @description Register this address at each provider. Stores the tokens encrypted, marks the source `Connected` and queues its first sync.
         */
        get: operations["ConnectorConsent_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List data sources
         * @description Newest first; `status` filters (active, processing, failed, pending, and the connector statuses).
         */
        get: operations["DataSources_list"];
        put?: never;
        /**
         * Create a data source
         * @description Answers `pending` and queues the first sync; a connector source (confluence, slack, google_drive, sharepoint) answers `pending` with its `authorize_url` and syncs once connected.
         */
        post: operations["DataSources_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a data source */
        get: operations["DataSources_get"];
        /**
         * Update a data source
         * @description A changed config queues a sync; the type cannot change.
         */
        put: operations["DataSources_update"];
        post?: never;
        /**
         * Delete a data source
         * @description Its documents, chunks and files go with it; agents stop referring to it.
         */
        delete: operations["DataSources_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources/{id}/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connect a connector source: redirects to the provider's consent page
         * @description A confluence, slack, google_drive or sharepoint source's `authorize_url`. The `state` is single use, valid 10 minutes, bound to the source and the caller (and, for a web session, to the browser); PKCE where the provider supports it.
         */
        get: operations["ConnectorConsent_connect"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources/{id}/disconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disconnect a connector source
         * @description Revokes the tokens at the provider (where it offers revocation), deletes them here and answers the source as `Disconnected`; its documents stay searchable until it is deleted.
         */
        post: operations["ConnectorConsent_disconnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a data source’s documents
         * @description Pages or files, in the order of their address (URL or file name), with the reason for any that could not be indexed.
         */
        get: operations["DataSources_documents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload files to a file data source
         * @description multipart/form-data, field `file` (repeatable, up to 20 files of at most 50 MiB): PDF, DOCX, HTML, Markdown, text, CSV, JSON. A file with an existing name replaces it. Queues a sync.
         */
        post: operations["DataSources_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sync status and progress */
        get: operations["DataSources_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data-sources/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a sync
         * @description While a sync is queued, further requests join it. A connector source awaiting its consent keeps its status: the job ends at once, failed, and the source’s `error` says to connect it.
         */
        post: operations["DataSources_sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/interactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List interactions
         * @description Newest first. Dates are UTC days, both ends included.
         */
        get: operations["Interactions_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/interactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an interaction */
        get: operations["Interactions_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/interactions/{id}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give feedback on an answer
         * @description positive or negative, with an optional comment; it can be changed later. Answers the interaction.
         */
        post: operations["Interactions_feedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List knowledge base articles
         * @description Newest first; filter by status.
         */
        get: operations["Kb_list"];
        put?: never;
        /** Create an article (version 1) */
        post: operations["Kb_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an article’s current version */
        get: operations["Kb_get"];
        /**
         * Update an article
         * @description Stores a new version; earlier versions stay readable.
         */
        put: operations["Kb_update"];
        post?: never;
        /** Delete an article and its versions */
        delete: operations["Kb_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an article’s versions
         * @description Newest first.
         */
        get: operations["Kb_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List OAuth clients
         * @description Newest first. Secrets are never shown.
         */
        get: operations["OAuthClients_list"];
        put?: never;
        /**
         * Register an OAuth client
         * @description A confidential client gets `client_secret`, in this response only. A public client (a native or browser application) has none and must use PKCE with S256.
         */
        post: operations["OAuthClients_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an OAuth client */
        get: operations["OAuthClients_get"];
        put?: never;
        post?: never;
        /** Delete an OAuth client */
        delete: operations["OAuthClients_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List my OAuth grants
         * @description The applications the calling person allowed to act for them, with the scopes allowed.
         */
        get: operations["OAuthGrants_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-grants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of my OAuth grants */
        get: operations["OAuthGrants_get"];
        put?: never;
        post?: never;
        /**
         * Revoke an OAuth grant
         * @description Every token issued under it stops working on the next request.
         */
        delete: operations["OAuthGrants_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s organization: name, plan, IP allowlist and single sign-on */
        get: operations["OrganizationSettings_get"];
        /**
         * Rename the organization or set its IP allowlist
         * @description Fields left out stay as they are. An allowlist applies from the next request to every credential of the organization and to signing in; outside it, requests answer 403 `ip_not_allowed`. A non-empty allowlist needs the enterprise plan (403 `plan_required`); one that leaves out the address of this request is 409 `would_lock_out` unless `?confirm=true`.
         */
        put: operations["OrganizationSettings_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provider-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List provider keys (never their values)
         * @description Newest first.
         */
        get: operations["ProviderKeys_list"];
        put?: never;
        /**
         * Store a model provider key
         * @description An OpenAI, Anthropic or OpenAI-compatible (custom) key that agents can answer with, billed by that provider. The key is encrypted at rest and never returned: responses show its last four characters.
         */
        post: operations["ProviderKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provider-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a provider key (never its value) */
        get: operations["ProviderKeys_get"];
        put?: never;
        post?: never;
        /**
         * Delete a provider key
         * @description Refused with 409 while agents use the key (their ids are in `error.details.agent_ids`): give them another key, or none, first.
         */
        delete: operations["ProviderKeys_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask an agent
         * @description Retrieves from the agent’s data sources and published knowledge base, answers citing sources as [n], and records the interaction. With `stream: true` the answer comes as server-sent events: `sources` (the sources array), any number of `delta` (`{"text": …}`), then `done` (the metadata object), or `error` (the error envelope); a comment line every 15 s keeps the connection open.
         */
        post: operations["Query_query"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/semantic-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retrieve chunks without generating an answer
         * @description `org_id` must be the caller’s organization (403 otherwise).
         */
        post: operations["Query_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization’s users */
        get: operations["Users_list"];
        put?: never;
        /**
         * Add a user, and invite them
         * @description Emails are unique per organization, compared case-insensitively. The answer carries the invitation (72 hours, single use) with which the user sets a password.
         */
        post: operations["Users_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user */
        get: operations["Users_get"];
        /**
         * Update a user
         * @description A role change applies at once to the user’s personal keys.
         */
        put: operations["Users_update"];
        post?: never;
        /**
         * Remove a user
         * @description Their personal keys are revoked. The last admin cannot be removed.
         */
        delete: operations["Users_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a user again
         * @description The user with a new invitation, as on creation; the previous one no longer works.
         */
        post: operations["Users_invite"];
        /**
         * Withdraw a user’s invitation
         * @description Their unused invitation stops working (204 also when none was left); a password they already set stays. Recorded as `user.updated`.
         */
        delete: operations["Users_revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Newest first. Secrets are never shown.
         */
        get: operations["Webhooks_list"];
        put?: never;
        /**
         * Create a webhook
         * @description HTTPS only, with a certificate a public CA (or one the operator trusts) issued, and a host that does not resolve to a private, loopback or link-local address. The signing secret is in this response only: each delivery carries `X-Service-Signature`, the lower-case hex HMAC-SHA256 of the raw body keyed with it.
         */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["Webhooks_get"];
        /**
         * Update a webhook
         * @description Any of url, events, description and status (`active` or `disabled`). While a webhook is disabled or failed its new events are held; setting it `active` sends them, oldest first.
         */
        put: operations["Webhooks_update"];
        post?: never;
        /**
         * Delete a webhook
         * @description Its deliveries go with it; nothing more is sent.
         */
        delete: operations["Webhooks_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @description Newest first; filter by `status` (pending, held, succeeded, failed) and event type.
         */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed delivery
         * @description One more attempt, made now; the response reports its outcome. A success makes a failed webhook active again, which sends its held deliveries. 409 unless the delivery is failed.
         */
        post: operations["Webhooks_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description A real, signed delivery of a `webhook.test` event, made now; the response reports its outcome. Recorded among the deliveries, never retried, and it does not change the webhook status.
         */
        post: operations["Webhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @deprecated
         */
        get: operations["LegacyWebhooks_list"];
        put?: never;
        /**
         * Create a webhook
         * @deprecated
         * @description HTTPS only, with a certificate a public CA (or one the operator trusts) issued, and a host that does not resolve to a private, loopback or link-local address. The signing secret is in this response only: each delivery carries `X-Service-Signature`, the lower-case hex HMAC-SHA256 of the raw body keyed with it.
         */
        post: operations["LegacyWebhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook
         * @deprecated
         */
        get: operations["LegacyWebhooks_get"];
        /**
         * Update a webhook
         * @deprecated
         * @description Any of url, events, description and status (`active` or `disabled`). While a webhook is disabled or failed its new events are held; setting it `active` sends them, oldest first.
         */
        put: operations["LegacyWebhooks_update"];
        post?: never;
        /**
         * Delete a webhook
         * @deprecated
         */
        delete: operations["LegacyWebhooks_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @deprecated
         * @description Newest first; filter by `status` (pending, held, succeeded, failed) and event type.
         */
        get: operations["LegacyWebhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed delivery
         * @deprecated
         * @description One more attempt, made now; the response reports its outcome. A success makes a failed webhook active again, which sends its held deliveries. 409 unless the delivery is failed.
         */
        post: operations["LegacyWebhooks_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @deprecated
         * @description A real, signed delivery of a `webhook.test` event, made now; the response reports its outcome. Recorded among the deliveries, never retried, and it does not change the webhook status.
         */
        post: operations["LegacyWebhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process is up
         * @description Touches no dependency.
         */
        get: operations["Health_liveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/interaction/{uid}/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline: the application is told the person refused (access_denied) */
        post: operations["OAuthInteractions_abort"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/interaction/{uid}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Allow the application the scopes it asked for
         * @description Remembered per person, application and scope set.
         */
        post: operations["OAuthInteractions_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/interaction/{uid}/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the application asks for, and whether the person must sign in first
         * @description For the consent page of the web console; the interaction is the one this browser started (its cookie).
         */
        get: operations["OAuthInteractions_details"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/interaction/{uid}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Continue as the signed-in person
         * @description Needs a web session in the client’s organization, and X-CSRF-Token.
         */
        post: operations["OAuthInteractions_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database and Redis answer, and the process is not shutting down */
        get: operations["Health_readiness"];
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
export interface components {
    schemas: {
        AcceptInvitationDto: {
            /** Format: password */
            password: string;
            /** @example svcinv_… */
            token: string;
        };
        AgentListResponseDto: {
            agents: components["schemas"]["AgentResponseDto"][];
            /** @example 50 */
            limit: number;
            /** @example 0 */
            offset: number;
            /** @example 1 */
            total: number;
        };
        AgentResponseDto: {
            /** Format: date-time */
            created_at: string;
            /**
             * @example [
             *       "ds_01JD8X0Q5W3V7N2K4M6P8R9T1A"
             *     ]
             */
            data_source_ids: string[];
            /** @example agt_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example 1024 */
            max_tokens: number;
            /** @example extractive */
            model: string;
            /** @example Support assistant */
            name: string;
            /** @example null */
            provider_key_id: string | null;
            /** @enum {string} */
            rag_strategy: "vector" | "keyword" | "hybrid";
            /** @enum {string} */
            status: "active" | "disabled";
            system_prompt: string | null;
            /** @example 0.2 */
            temperature: number;
            /** Format: date-time */
            updated_at: string;
        };
        AnalyticsMetricsDto: {
            /**
             * @description positive ÷ (positive + negative) feedback, four decimals; null when no interaction has feedback.
             * @example 0.8571
             */
            accuracy_rate: number | null;
            /**
             * @description Mean latency of completed interactions, in milliseconds (one decimal); null when none completed.
             * @example 912.4
             */
            avg_latency_ms: number | null;
            /**
             * @description Share of completed answers citing at least one of their sources with a `[n]` marker, four decimals; null when none completed.
             * @example 0.9312
             */
            citation_rate: number | null;
            /**
             * @description Model cost of the completed interactions, in US dollars.
             * @example 0.287616
             */
            total_cost_usd: number;
            /**
             * @description Interactions in the range, whatever their status (pending, completed, failed).
             * @example 1284
             */
            total_queries: number;
            /**
             * @description Distinct callers: the user when there is one, otherwise the API key.
             * @example 37
             */
            unique_users: number;
        };
        AnalyticsPointDto: {
            /**
             * @description Median latency of the completed interactions in the bucket (percentile_cont), in ms, one decimal; null when none.
             * @example 804.5
             */
            latency_p50: number | null;
            /**
             * @description 95th percentile latency of the completed interactions in the bucket (percentile_cont), in ms, one decimal; null when none.
             * @example 1890.3
             */
            latency_p95: number | null;
            /**
             * @description Interactions in the bucket, whatever their status.
             * @example 43
             */
            queries: number;
            /**
             * Format: date-time
             * @description Start of the bucket, in UTC.
             * @example 2026-11-02T00:00:00.000Z
             */
            timestamp: string;
        };
        AnalyticsResponseDto: {
            metrics: components["schemas"]["AnalyticsMetricsDto"];
            /** @description One point per bucket from the bucket holding start_date to the one holding end_date, oldest first, empty buckets included. The first and last week or month bucket count only the days inside the range. */
            time_series: components["schemas"]["AnalyticsPointDto"][];
        };
        ApiKeyListResponseDto: {
            api_keys: components["schemas"]["ApiKeyResponseDto"][];
            /** @example 50 */
            limit: number;
            /** @example 0 */
            offset: number;
            /** @example 1 */
            total: number;
        };
        ApiKeyResponseDto: {
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            environment: "live" | "test";
            /** Format: date-time */
            expires_at: string | null;
            /** @example key_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** @example Production backend */
            name: string;
            /**
             * @description The first characters of the key, to recognise it.
             * @example svcsk_live_Ab3dE9
             */
            prefix: string;
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * @example [
             *       "read",
             *       "execute"
             *     ]
             */
            scopes: string[];
            /** @enum {string} */
            status: "active" | "revoked" | "expired";
            /**
             * @description The person a personal key belongs to (capped by their role, gone with them); null for an organization key.
             * @example null
             */
            user_id: string | null;
        };
        AuditActorDto: {
            /** @example usr_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string | null;
            /**
             * @description `user` (a web session), `api_key`, `oauth_client`, `system` (the operator’s CLI) or `anonymous`.
             * @enum {string}
             */
            type: "user" | "api_key" | "oauth_client" | "system" | "anonymous";
        };
        AuditEntryDto: {
            /** @enum {string} */
            action: "login.succeeded" | "login.failed" | "logout" | "session.revoked" | "sso.succeeded" | "sso.failed" | "ip.blocked" | "api_key.created" | "api_key.revoked" | "api_key.rotated" | "user.created" | "user.invited" | "user.updated" | "user.deleted" | "organization.updated" | "oauth_client.created" | "oauth_client.deleted" | "oauth_grant.revoked" | "data_source.connected" | "data_source.disconnected" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "provider_key.created" | "provider_key.deleted";
            actor: components["schemas"]["AuditActorDto"];
            /** Format: date-time */
            created_at: string;
            /** @description What changed or why it was refused; never a password, token or key. `ip.blocked` and `sso.failed` entries also carry `count` and `last_at`: identical refusals within a minute are counted on one entry. */
            details: {
                [key: string]: unknown;
            };
            /** @example aud_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example 203.0.113.7 */
            ip: string | null;
            target: components["schemas"]["AuditTargetDto"] | null;
            user_agent: string | null;
        };
        AuditLogResponseDto: {
            /** @description Newest first. */
            entries: components["schemas"]["AuditEntryDto"][];
            /** @example 1 */
            total: number;
        };
        AuditTargetDto: {
            /** @example usr_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @description What was acted on: `user`, `api_key`, `session`, `organization`, …
             * @example user
             */
            type: string;
        };
        ChangePasswordDto: {
            /**
             * Format: password
             * @description The password in use now.
             */
            current_password: string;
            /** Format: password */
            password: string;
        };
        CheckDto: {
            /**
             * @description Why a check failed, without the driver's words (those are logged).
             * @example timed out after 2000 ms
             */
            error?: string;
            /** @example 2 */
            latency_ms?: number;
            /** @enum {string} */
            status: "ok" | "failed" | "disabled";
        };
        ChecksDto: {
            database: components["schemas"]["CheckDto"];
            rate_limits: components["schemas"]["RateLimitsCheckDto"];
            /** @description `disabled` when no REDIS_URL is configured. */
            redis: components["schemas"]["CheckDto"];
        };
        ClientAddressResponseDto: {
            /**
             * @description The address of this request as the IP allowlist judges it (Express’s client address under TRUST_PROXY).
             * @example 203.0.113.7
             */
            ip: string | null;
            user_agent: string | null;
        };
        ConfluenceConfigDto: {
            /**
             * @description The Atlassian site; the consent must cover it.
             * @example https://acme.atlassian.net
             */
            site_url: string;
            /**
             * @description Keys of the spaces to read; every space the consent covers when absent.
             * @example [
             *       "ENG",
             *       "OPS"
             *     ]
             */
            space_keys?: string[];
        };
        CreateAgentDto: {
            /**
             * @description Data sources the agent retrieves from (at most 100).
             * @example []
             */
            data_source_ids: string[];
            /**
             * @description A provider model is asked for at most the output tokens it can write in one answer (gpt-4o and gpt-4o-mini 16,384, claude-opus-4-1 32,000, claude-3-5-haiku-latest 8,192), as its provider refuses more.
             * @default 1024
             */
            max_tokens?: number;
            /**
             * @description One of extractive, gpt-4o, gpt-4o-mini, gpt-4.1, gpt-4.1-mini, gpt-4.1-nano, gpt-5, gpt-5-mini, gpt-5-nano, claude-opus-4-1, claude-sonnet-4-5, claude-sonnet-4-0, claude-haiku-4-5, claude-3-5-haiku-latest, or custom:<name>.
             * @default extractive
             * @example extractive
             */
            model?: string;
            /** @example Support assistant */
            name: string;
            /**
             * @description A stored provider key whose account the agent’s model is billed to; null detaches it.
             * @example null
             */
            provider_key_id?: string | null;
            /**
             * @default hybrid
             * @enum {string}
             */
            rag_strategy?: "vector" | "keyword" | "hybrid";
            /**
             * @description A disabled agent answers queries with 409.
             * @default active
             * @enum {string}
             */
            status?: "active" | "disabled";
            /**
             * @description Opens the instructions of a provider model (OpenAI, Anthropic, custom:); the built-in extractive model quotes its sources and takes none.
             * @example Answer from the documentation only. Cite your sources.
             */
            system_prompt?: string | null;
            /**
             * @description Sent to OpenAI chat models and custom: endpoints; Anthropic models and OpenAI reasoning models (gpt-5, o-series) take none and answer at their own setting.
             * @default 0.2
             */
            temperature?: number;
        };
        CreateApiKeyDto: {
            /**
             * @default live
             * @enum {string}
             */
            environment?: "live" | "test";
            /** @example Production backend */
            name: string;
            /**
             * @description Versioned (read, write, execute, admin) or legacy (chat, agents:read, …) scopes, lower case. Defaults to ["read"].
             * @default [
             *       "read"
             *     ]
             * @example [
             *       "read",
             *       "execute"
             *     ]
             */
            scopes?: ("read" | "write" | "execute" | "admin" | "chat" | "agents:read" | "agents:write" | "agents:delete" | "data:read" | "data:write" | "analytics:read")[];
        };
        CreatedApiKeyResponseDto: {
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            environment: "live" | "test";
            /** Format: date-time */
            expires_at: string | null;
            /** @example key_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @description The key itself. Shown once: it cannot be retrieved again.
             * @example svcsk_live_Ab3dE9…
             */
            key: string;
            /** @example Production backend */
            name: string;
            /**
             * @description The first characters of the key, to recognise it.
             * @example svcsk_live_Ab3dE9
             */
            prefix: string;
            /**
             * @example [
             *       "read",
             *       "execute"
             *     ]
             */
            scopes: string[];
        };
        CreateDataSourceDto: {
            /**
             * @description By type: website WebsiteConfigDto; file none; confluence ConfluenceConfigDto; slack SlackConfigDto; google_drive GoogleDriveConfigDto; sharepoint SharePointConfigDto. Unknown fields are refused.
             * @example {
             *       "url": "https://docs.acme.test/guide/",
             *       "max_pages": 200
             *     }
             */
            config?: components["schemas"]["WebsiteConfigDto"] | components["schemas"]["ConfluenceConfigDto"] | components["schemas"]["SlackConfigDto"] | components["schemas"]["GoogleDriveConfigDto"] | components["schemas"]["SharePointConfigDto"];
            /** @example Product documentation */
            name: string;
            /**
             * @default manual
             * @enum {string}
             */
            sync_frequency?: "hourly" | "daily" | "weekly" | "manual";
            /**
             * @description website (config: url, max_pages), file (no config, then upload), or a connector: confluence, slack, google_drive, sharepoint (created pending with an authorize_url).
             * @enum {string}
             */
            type: "website" | "file" | "confluence" | "slack" | "google_drive" | "sharepoint";
        };
        CreatedOAuthClientResponseDto: {
            /**
             * @description The same as `id`.
             * @example oac_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            client_id: string;
            /**
             * @description Confidential clients only, and in this response only: it is stored hashed.
             * @example svccs_…
             */
            client_secret?: string;
            /** Format: date-time */
            created_at: string;
            /** @example oac_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example Acme CLI */
            name: string;
            redirect_uris: string[];
            scopes: ("read" | "write" | "execute" | "admin" | "offline_access")[];
            /** @enum {string} */
            type: "confidential" | "public";
        };
        CreatedWebhookResponseDto: {
            /** Format: date-time */
            created_at: string;
            description: string | null;
            /**
             * @example [
             *       "interaction.completed"
             *     ]
             */
            events: string[];
            /** @example wh_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @description The signing secret. Shown once: it cannot be retrieved again.
             * @example whsec_…
             */
            secret: string;
            /** @enum {string} */
            status: "active" | "disabled" | "failed";
            /** Format: date-time */
            updated_at: string;
            /** @example https://hooks.acme.test/agent-events */
            url: string;
        };
        CreateKbArticleDto: {
            /** @example Open Settings, then Security… */
            content: string;
            /**
             * @description Published articles are retrieved by the organization’s agents; drafts never are.
             * @default draft
             * @enum {string}
             */
            status?: "draft" | "published";
            /**
             * @default []
             * @example [
             *       "account",
             *       "security"
             *     ]
             */
            tags?: string[];
            /** @example Resetting your password */
            title: string;
        };
        CreateLegacyApiKeyDto: {
            /**
             * Format: date-time
             * @description After this instant the key answers 401 expired_api_key.
             * @example 2027-01-31T00:00:00.000Z
             */
            expiresAt?: string;
            /** @example Production backend */
            name: string;
            /**
             * @description Versioned (read, write, execute, admin) or legacy (chat, agents:read, …) scopes, lower case. Defaults to ["read"].
             * @default [
             *       "read"
             *     ]
             * @example [
             *       "read",
             *       "execute"
             *     ]
             */
            scopes?: ("read" | "write" | "execute" | "admin" | "chat" | "agents:read" | "agents:write" | "agents:delete" | "data:read" | "data:write" | "analytics:read")[];
        };
        CreateOAuthClientDto: {
            /** @example Acme CLI */
            name: string;
            /**
             * @description Matched exactly. HTTPS, or HTTP on a loopback address for native applications (RFC 8252); no fragment, no wildcard.
             * @example [
             *       "http://127.0.0.1:53682/callback"
             *     ]
             */
            redirect_uris: string[];
            /**
             * @description The most the client may ask for; `offline_access` lets it hold a refresh token.
             * @example [
             *       "read",
             *       "execute",
             *       "offline_access"
             *     ]
             */
            scopes: ("read" | "write" | "execute" | "admin" | "offline_access")[];
            /**
             * @description `confidential`: a server that keeps a secret. `public`: a native or browser application, which must use PKCE (S256).
             * @default confidential
             * @enum {string}
             */
            type?: "confidential" | "public";
        };
        CreateProviderKeyDto: {
            /**
             * @description The key. Encrypted at rest, never returned (only its last four characters) and never logged.
             * @example sk-proj-…
             */
            api_key: string;
            /**
             * Format: uri
             * @description Required for `custom`: the OpenAI-compatible API root (requests go to `{base_url}/chat/completions`). Optional for `openai` (default https://api.openai.com/v1, or the operator’s OPENAI_BASE_URL) and `anthropic` (default https://api.anthropic.com). Must be https and must not point at a private, loopback, link-local or metadata address (both lifted by the operator’s ALLOW_PRIVATE_TARGETS, for tests and local trials only).
             * @example https://llm.example.com/v1
             */
            base_url?: string | null;
            /** @example Production OpenAI key */
            name?: string | null;
            /**
             * @description `openai`, `anthropic`, or `custom` (any endpoint speaking OpenAI’s chat completions).
             * @enum {string}
             */
            provider: "openai" | "anthropic" | "custom";
        };
        CreateUserDto: {
            /** @example ada@acme.test */
            email: string;
            /** @example Ada Lovelace */
            name?: string;
            /**
             * @default readonly
             * @enum {string}
             */
            role?: "readonly" | "train" | "configure" | "admin";
        };
        CreateWebhookDto: {
            /** @example Feeds the analytics warehouse */
            description?: string | null;
            /**
             * @example [
             *       "interaction.completed",
             *       "datasource.processed"
             *     ]
             */
            events: ("interaction.created" | "interaction.completed" | "interaction.feedback" | "agent.created" | "agent.updated" | "agent.deleted" | "datasource.created" | "datasource.processed" | "datasource.failed" | "user.created" | "user.updated")[];
            /**
             * @description HTTPS only; it must not resolve to a private, loopback or link-local address.
             * @example https://hooks.acme.test/agent-events
             */
            url: string;
        };
        DataSourceListResponseDto: {
            data_sources: components["schemas"]["DataSourceResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        DataSourceResponseDto: {
            /**
             * @description Connector sources only: where a person (signed in, with write access) is sent to grant access at the provider; again to reconnect.
             * @example https://agents.example.com/api/v1/data-sources/ds_01hv3k9m6q8r4t2w5y7z9b1c3d/connect
             */
            authorize_url?: string;
            /**
             * @example {
             *       "url": "https://docs.acme.test/guide/",
             *       "max_pages": 100
             *     }
             */
            config: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** @description Why the last sync failed. */
            error: string | null;
            /** @example ds_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** Format: date-time */
            last_synced_at: string | null;
            /** @example Product documentation */
            name: string;
            /**
             * @description pending, processing, active or failed; a connector source: pending (awaiting consent), Connected, processing, failed, Connection failed or Disconnected
             * @example pending
             * @enum {string}
             */
            status: "pending" | "processing" | "active" | "failed" | "Connected" | "Connection failed" | "Disconnected";
            /** @enum {string} */
            sync_frequency: "hourly" | "daily" | "weekly" | "manual";
            /** @enum {string} */
            type: "website" | "file" | "confluence" | "slack" | "google_drive" | "sharepoint";
            /** Format: date-time */
            updated_at: string;
        };
        DataSourceStatusResponseDto: {
            /**
             * @description Chunks in the index for this source.
             * @example 1280
             */
            chunks_indexed: number;
            error: string | null;
            /**
             * Format: date-time
             * @description From the rate observed so far (before one, the last sync’s duration); never past while processing; null when not processing.
             */
            estimated_completion: string | null;
            /** Format: date-time */
            last_synced_at: string | null;
            /** @example 42 */
            progress_pct: number;
            /**
             * @example processing
             * @enum {string}
             */
            status: "pending" | "processing" | "active" | "failed" | "Connected" | "Connection failed" | "Disconnected";
        };
        DeliveryListResponseDto: {
            deliveries: components["schemas"]["DeliveryResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        DeliveryResponseDto: {
            /** @example 1 */
            attempts: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            delivered_at: string | null;
            /**
             * @description The event's id (the envelope's `id`), the same in every attempt.
             * @example evt_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            event_id: string;
            /** @example interaction.completed */
            event_type: string;
            /** @example dlv_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** @example 84 */
            last_duration_ms: number | null;
            last_error: string | null;
            /** @example 200 */
            last_status_code: number | null;
            /** Format: date-time */
            next_attempt_at: string | null;
            /** @enum {string} */
            status: "pending" | "held" | "succeeded" | "failed";
            /** @example wh_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            webhook_id: string;
        };
        DocumentListResponseDto: {
            documents: components["schemas"]["DocumentResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        DocumentResponseDto: {
            /** @example 12 */
            chunk_count: number;
            /**
             * @description Why the document could not be indexed (an encrypted PDF, a page that failed).
             * @example null
             */
            error: string | null;
            /** @example doc_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @enum {string} */
            status: "indexed" | "failed";
            /** @example Installation */
            title: string;
            /** @example 4210 */
            token_count: number;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description The page URL, or the uploaded file name.
             * @example https://docs.acme.test/guide/install
             */
            url: string;
        };
        ErrorBodyDto: {
            /**
             * @example invalid_request
             * @enum {string}
             */
            code: "invalid_request" | "unauthorized" | "expired_api_key" | "forbidden" | "ip_not_allowed" | "not_found" | "method_not_allowed" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limit_exceeded" | "concurrency_limit_exceeded" | "token_limit_exceeded" | "internal_error" | "service_unavailable" | "invalid_credentials" | "too_many_attempts" | "csrf_failed" | "plan_required" | "would_lock_out" | "organization_required" | "sso_required";
            /**
             * @description For validation failures each offending field with its messages (`body` for the body as a whole); empty when the error has nothing to add.
             * @example {
             *       "temperature": [
             *         "temperature must not be greater than 2"
             *       ]
             *     }
             */
            details: {
                [key: string]: unknown;
            };
            /** @example temperature must not be greater than 2 */
            message: string;
        };
        ErrorResponseDto: {
            error: components["schemas"]["ErrorBodyDto"];
            /**
             * @description Also sent as the X-Request-Id header.
             * @example req_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            request_id: string;
        };
        FeedbackDto: {
            /**
             * @description Trimmed; `null`, or a blank one, removes it.
             * @example The second source was outdated.
             */
            comment?: string | null;
            /** @enum {string} */
            feedback: "positive" | "negative";
        };
        FilesAcceptedResponseDto: {
            /** @example ds_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            data_source_id: string;
            files: components["schemas"]["UploadedFileDto"][];
            /**
             * @description The sync run; several requests while one is queued share it.
             * @example job_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            job_id: string;
            /**
             * @example queued
             * @enum {string}
             */
            status: "queued";
        };
        GoogleDriveConfigDto: {
            /**
             * @description Folders read with every folder below them (the id in the folder’s Drive URL).
             * @example [
             *       "1a2B3c4D5e6F7g8H9i0J"
             *     ]
             */
            folder_ids?: string[];
            /**
             * @description Also read the files other people shared with the connected account.
             * @default false
             */
            include_shared_with_me?: boolean;
            /**
             * @description Shared drives read in full.
             * @example [
             *       "0AbCdEfGhIjKlUk9PVA"
             *     ]
             */
            shared_drive_ids?: string[];
        };
        GrantClientDto: {
            /** @example oac_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example Acme CLI */
            name: string;
        };
        InteractionClientDto: {
            /** @example oac_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example Acme reporting */
            name: string;
        };
        InteractionDetailsDto: {
            client: components["schemas"]["InteractionClientDto"];
            /**
             * @description The client’s organization: only its people can sign in here.
             * @example org_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            organization_id: string;
            /**
             * @description `login`: the person signs in first; `consent`: they allow or decline the scopes.
             * @enum {string}
             */
            prompt: "login" | "consent";
            /**
             * @description The scopes asked for and not yet allowed.
             * @example [
             *       "read",
             *       "offline_access"
             *     ]
             */
            scopes: string[];
            /** @description Whether this browser has a session in the client’s organization. */
            signed_in: boolean;
            /** @description The interaction, as in the page address. */
            uid: string;
        };
        InteractionListResponseDto: {
            interactions: components["schemas"]["InteractionResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        InteractionRedirectDto: {
            /**
             * @description Where the browser goes next (back through the authorization server).
             * @example https://app.example.com/callback?code=…
             */
            redirect_to: string;
        };
        InteractionResponseDto: {
            /** @example agt_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            agent_id: string;
            comment: string | null;
            /** @example 0.000224 */
            cost_usd: number;
            /** Format: date-time */
            created_at: string;
            /**
             * @description Why the answer failed, as its client was told; null unless `status` is `failed`.
             * @example null
             */
            error: string | null;
            /** @enum {string|null} */
            feedback: "positive" | "negative" | null;
            /** @example int_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example 840 */
            latency_ms: number;
            /** @example extractive */
            model: string;
            /** @example How do I reset my password? */
            query: string;
            /** @example hybrid */
            rag_strategy: string;
            /** @description Empty while the answer is being written, and when it failed. */
            response: string;
            /** @example ses_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            session_id: string | null;
            sources: components["schemas"]["InteractionSourceDto"][];
            /**
             * @description `pending` while the answer is being written, `completed` once it is recorded, `failed` when it could not be given (see `error`).
             * @example completed
             * @enum {string}
             */
            status: "pending" | "completed" | "failed";
            /** @example 912 */
            tokens_input: number;
            /** @example 143 */
            tokens_output: number;
        };
        InteractionSourceDto: {
            /** @example chk_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            chunk_id: string;
            chunk_text: string;
            /** @example Resetting your password */
            document_title: string;
            /** @example https://docs.acme.test/account/password */
            document_url: string;
            /** @example 0.82 */
            similarity_score: number;
        };
        InvitationResponseDto: {
            /**
             * Format: date-time
             * @description 72 hours after it was made.
             */
            expires_at: string;
            /**
             * @description Single use; shown once.
             * @example svcinv_…
             */
            token: string;
            /**
             * @description The web application’s page that accepts it.
             * @example https://agents.example.com/invitation#token=svcinv_…
             */
            url: string;
        };
        InvitedUserResponseDto: {
            /** Format: date-time */
            created_at: string;
            /** @example ada@acme.test */
            email: string;
            /** @example usr_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @description With SMTP configured, also e-mailed to the user. */
            invitation: components["schemas"]["InvitationResponseDto"];
            /** @example Ada Lovelace */
            name: string | null;
            /** @enum {string} */
            role: "readonly" | "train" | "configure" | "admin";
            /** Format: date-time */
            updated_at: string;
        };
        KbArticleListResponseDto: {
            articles: components["schemas"]["KbArticleResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        KbArticleResponseDto: {
            content: string;
            /** Format: date-time */
            created_at: string;
            /** @example kb_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @enum {string} */
            status: "draft" | "published";
            tags: string[];
            title: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description Starts at 1; every update adds one.
             * @example 1
             */
            version: number;
        };
        KbArticleVersionListResponseDto: {
            /** @example kb_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            article_id: string;
            limit: number;
            offset: number;
            total: number;
            /** @description Newest first. */
            versions: components["schemas"]["KbArticleVersionResponseDto"][];
        };
        KbArticleVersionResponseDto: {
            content: string;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            status: "draft" | "published";
            tags: string[];
            title: string;
            /** @example 2 */
            version: number;
        };
        LegacyAgentListResponseDto: {
            agents: components["schemas"]["LegacyAgentResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        LegacyAgentResponseDto: {
            /** Format: date-time */
            createdAt: string;
            dataSourceIds: string[];
            /** @example agt_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            maxTokens: number;
            model: string;
            name: string;
            providerKeyId: string | null;
            /** @enum {string} */
            ragStrategy: "vector" | "keyword" | "hybrid";
            /** @enum {string} */
            status: "active" | "disabled";
            systemPrompt: string | null;
            temperature: number;
            /** Format: date-time */
            updatedAt: string;
        };
        LegacyApiKeyListResponseDto: {
            apiKeys: components["schemas"]["LegacyApiKeyResponseDto"][];
            /** @example 50 */
            limit: number;
            /** @example 0 */
            offset: number;
            /** @example 1 */
            total: number;
        };
        LegacyApiKeyResponseDto: {
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            environment: "live" | "test";
            /** Format: date-time */
            expiresAt: string | null;
            /** @example key_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** @example Production backend */
            name: string;
            /** @example sk_live_Ab3dE9 */
            prefix: string;
            /** Format: date-time */
            revokedAt: string | null;
            /**
             * @example [
             *       "agents:read",
             *       "chat"
             *     ]
             */
            scopes: string[];
            /** @enum {string} */
            status: "active" | "revoked" | "expired";
            /**
             * @description The person a personal key belongs to; null for an organization key.
             * @example null
             */
            userId: string | null;
        };
        LegacyChatRequestDto: {
            /** @example agt_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            agentId: string;
            /** @example How do I reset my password? */
            prompt: string;
            /**
             * @description Continues the session of that id (the session_id POST /api/v1/query returns); the abbreviated answer names none.
             * @example ses_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            sessionId?: string;
        };
        LegacyChatResponseDto: {
            /** @example 840 */
            latency_ms: number;
            response: string;
            sources: components["schemas"]["LegacyChatSourceDto"][];
        };
        LegacyChatSourceDto: {
            /** @example chk_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            chunk_id: string;
            /** @example 0.82 */
            similarity: number;
        };
        LegacyCreatedApiKeyResponseDto: {
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            environment: "live" | "test";
            /** Format: date-time */
            expiresAt: string | null;
            /** @example key_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @description The key itself. Shown once: it cannot be retrieved again.
             * @example sk_live_Ab3dE9…
             */
            key: string;
            /** @example Production backend */
            name: string;
            /** @example sk_live_Ab3dE9 */
            prefix: string;
            /**
             * @example [
             *       "agents:read",
             *       "chat"
             *     ]
             */
            scopes: string[];
        };
        LegacyCreatedWebhookResponseDto: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            events: string[];
            /** @example wh_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @description The signing secret. Shown once.
             * @example whsec_…
             */
            secret: string;
            /** @enum {string} */
            status: "active" | "disabled" | "failed";
            /** Format: date-time */
            updatedAt: string;
            url: string;
        };
        LegacyDeliveryListResponseDto: {
            deliveries: components["schemas"]["LegacyDeliveryResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        LegacyDeliveryResponseDto: {
            /** @example 1 */
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            deliveredAt: string | null;
            /** @example evt_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            eventId: string;
            /** @example interaction.completed */
            eventType: string;
            /** @example dlv_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** Format: date-time */
            lastAttemptAt: string | null;
            /** @example 84 */
            lastDurationMs: number | null;
            lastError: string | null;
            /** @example 200 */
            lastStatusCode: number | null;
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** @enum {string} */
            status: "pending" | "held" | "succeeded" | "failed";
            /** @example wh_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            webhookId: string;
        };
        LegacyErrorBodyDto: {
            /**
             * @description invalid_api_key, expired_api_key, insufficient_scope, rate_limit_exceeded, invalid_request, not_found, …
             * @example invalid_api_key
             */
            code: string;
            /**
             * @description For validation failures: each offending field with its messages.
             * @example {
             *       "limit": [
             *         "limit must not be greater than 200"
             *       ]
             *     }
             */
            details?: {
                [key: string]: unknown;
            };
            /** @example Invalid API key */
            message: string;
        };
        LegacyErrorResponseDto: {
            error: components["schemas"]["LegacyErrorBodyDto"];
            /** @example 401 */
            status: number;
        };
        LegacyRateLimitErrorResponseDto: {
            error: components["schemas"]["LegacyErrorBodyDto"];
            /**
             * @description Seconds to wait before retrying; the same as the Retry-After header.
             * @example 12
             */
            retryAfter: number;
            /** @example 429 */
            status: number;
        };
        LegacyRetryDeliveryResponseDto: {
            delivery: components["schemas"]["LegacyDeliveryResponseDto"];
            /** @example dlv_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            deliveryId: string;
            /** @example 84 */
            durationMs: number;
            error: string | null;
            /** @example 200 */
            statusCode: number | null;
            /** @example true */
            success: boolean;
        };
        LegacyScopeErrorResponseDto: {
            /**
             * @example [
             *       "agents:read"
             *     ]
             */
            current_scopes: string[];
            error: components["schemas"]["LegacyErrorBodyDto"];
            /**
             * @description The scope that would grant this endpoint.
             * @example agents:write
             */
            required_scope: string;
            /** @example 403 */
            status: number;
        };
        LegacyTestDeliveryResponseDto: {
            /** @example dlv_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            deliveryId: string;
            /** @example 84 */
            durationMs: number;
            error: string | null;
            /** @example 200 */
            statusCode: number | null;
            /** @example true */
            success: boolean;
        };
        LegacyWebhookListResponseDto: {
            limit: number;
            offset: number;
            total: number;
            webhooks: components["schemas"]["LegacyWebhookResponseDto"][];
        };
        LegacyWebhookResponseDto: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            events: string[];
            /** @example wh_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @enum {string} */
            status: "active" | "disabled" | "failed";
            /** Format: date-time */
            updatedAt: string;
            url: string;
        };
        LivenessDto: {
            /** @example ok */
            status: string;
        };
        LoginDto: {
            /** @example ada@acme.test */
            email: string;
            /**
             * @description Needed only when the email and password open accounts in several organizations.
             * @example org_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            organization_id?: string;
            /** Format: password */
            password: string;
        };
        LoginResponseDto: {
            /** @description Send it as X-CSRF-Token with every state-changing request the session cookie authenticates. */
            csrf_token: string;
            /**
             * Format: date-time
             * @description Seven days after the last request; every request moves it on.
             */
            expires_at: string;
            organization: components["schemas"]["SignedInOrganizationDto"];
            user: components["schemas"]["SignedInUserDto"];
        };
        OAuthClientListResponseDto: {
            clients: components["schemas"]["OAuthClientResponseDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        OAuthClientResponseDto: {
            /**
             * @description The same as `id`.
             * @example oac_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            client_id: string;
            /** Format: date-time */
            created_at: string;
            /** @example oac_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example Acme CLI */
            name: string;
            redirect_uris: string[];
            scopes: ("read" | "write" | "execute" | "admin" | "offline_access")[];
            /** @enum {string} */
            type: "confidential" | "public";
        };
        OAuthGrantListResponseDto: {
            grants: components["schemas"]["OAuthGrantResponseDto"][];
        };
        OAuthGrantResponseDto: {
            client: components["schemas"]["GrantClientDto"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** @example grt_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @example [
             *       "read",
             *       "offline_access"
             *     ]
             */
            scopes: string[];
        };
        OrganizationResponseDto: {
            /** Format: date-time */
            created_at: string;
            /** @example org_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @description Empty: any address.
             * @example [
             *       "203.0.113.0/24"
             *     ]
             */
            ip_allowlist: string[];
            /** @example Acme */
            name: string;
            /** @enum {string} */
            plan: "free" | "pro" | "enterprise";
            sso: components["schemas"]["OrganizationSsoDto"];
        };
        OrganizationSsoDto: {
            /** @description Whether SSO sign-in works now: the enterprise plan. On another plan the configuration is kept, but neither sign-in nor enforcement applies. */
            available: boolean;
            connections: components["schemas"]["SsoConnectionSummaryDto"][];
            /**
             * @description The role of a person SSO signs in for the first time.
             * @enum {string}
             */
            default_role: "readonly" | "train" | "configure" | "admin";
            domains: components["schemas"]["SsoDomainDto"][];
            /** @description When true (and available), members of the verified domains sign in by SSO only. */
            enforced: boolean;
        };
        PasswordResetAcceptedDto: {
            /** @example If this address has an account, a reset link is on its way. */
            message: string;
        };
        PasswordResetConfirmDto: {
            /** Format: password */
            password: string;
            /** @example svcinv_… */
            token: string;
        };
        PasswordResetDto: {
            /** @example ada@acme.test */
            email: string;
        };
        ProviderKeyListResponseDto: {
            /** @example 50 */
            limit: number;
            /** @example 0 */
            offset: number;
            provider_keys: components["schemas"]["ProviderKeyResponseDto"][];
            /** @example 1 */
            total: number;
        };
        ProviderKeyResponseDto: {
            /** @example null */
            base_url: string | null;
            /** Format: date-time */
            created_at: string;
            /** @example pk_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /**
             * @description The last four characters of the key; the key itself is never returned.
             * @example x7Qd
             */
            last_four: string;
            /** @example Production OpenAI key */
            name: string | null;
            /** @enum {string} */
            provider: "openai" | "anthropic" | "custom";
        };
        QueryMetadataDto: {
            /** @example 0.000224 */
            cost_usd: number;
            /** @example int_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            interaction_id: string;
            /** @example 840 */
            latency_ms: number;
            /** @example extractive */
            model: string;
            /** @enum {string} */
            rag_strategy: "vector" | "keyword" | "hybrid";
            /** @example ses_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            session_id: string;
            /** @example 912 */
            tokens_input: number;
            /** @example 143 */
            tokens_output: number;
        };
        QueryRequestDto: {
            /** @example agt_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            agent_id: string;
            /** @description Default: the agent's. A provider model is asked for at most the output tokens it can write in one answer (gpt-4o and gpt-4o-mini 16,384, claude-opus-4-1 32,000, claude-3-5-haiku-latest 8,192), as its provider refuses more. */
            max_tokens?: number;
            /** @example How do I reset my password? */
            query: string;
            /**
             * @description Continues a conversation; omit to start a new one (its id is returned).
             * @example ses_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            session_id?: string;
            /**
             * @description Answer as server-sent events: sources, delta…, done (or error).
             * @default false
             */
            stream?: boolean;
            /** @description Default: the agent's. Sent to OpenAI chat models and custom: endpoints; Anthropic models and OpenAI reasoning models (gpt-5, o-series) take none and answer at their own setting. */
            temperature?: number;
            /**
             * @description How many sources the answer is built from and returned.
             * @default 5
             */
            top_k?: number;
        };
        QueryResponseDto: {
            metadata: components["schemas"]["QueryMetadataDto"];
            /** @example Open Settings, then Security, and choose Reset password [1]. */
            response: string;
            /**
             * @description Send it back as session_id to continue the conversation.
             * @example ses_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            session_id: string;
            /** @description Cited as [1], [2], … in the response, in this order. */
            sources: components["schemas"]["InteractionSourceDto"][];
        };
        RateLimitErrorResponseDto: {
            error: components["schemas"]["ErrorBodyDto"];
            /**
             * @description The limit that was hit (requests, model tokens or concurrent requests).
             * @example 20
             */
            limit: number;
            /**
             * @description Also sent as the X-Request-Id header.
             * @example req_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            request_id: string;
            /**
             * Format: date-time
             * @description When that limit is whole again; the same instant as X-RateLimit-Reset.
             * @example 2026-01-31T12:01:00.000Z
             */
            reset_at: string;
        };
        RateLimitsCheckDto: {
            /** @example 2026-01-31T12:00:00.000Z */
            degraded_since?: string;
            /**
             * @description `degraded`: Redis is unreachable, so each instance limits on its own, in memory, until it answers again. Does not affect `status`.
             * @enum {string}
             */
            status: "ok" | "degraded" | "disabled";
            /**
             * @description `redis`: shared by every instance; `memory`: this instance only.
             * @enum {string}
             */
            store?: "redis" | "memory";
        };
        ReadinessDto: {
            checks: components["schemas"]["ChecksDto"];
            /**
             * @description `unavailable` when a store does not answer, and from the start of a graceful shutdown.
             * @enum {string}
             */
            status: "ok" | "unavailable";
        };
        RetryDeliveryResponseDto: {
            /** @description The delivery after the attempt. */
            delivery: components["schemas"]["DeliveryResponseDto"];
            /** @example dlv_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            delivery_id: string;
            /** @example 84 */
            duration_ms: number;
            error: string | null;
            /** @example 200 */
            status_code: number | null;
            /**
             * @description Whether the receiver answered 2xx within the timeout.
             * @example true
             */
            success: boolean;
        };
        ScopeErrorResponseDto: {
            /**
             * @example [
             *       "read"
             *     ]
             */
            current_scopes: string[];
            error: components["schemas"]["ErrorBodyDto"];
            /**
             * @description Also sent as the X-Request-Id header.
             * @example req_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            request_id: string;
            /**
             * @description The scope that would grant this endpoint.
             * @example write
             */
            required_scope: string;
        };
        SearchChunkDto: {
            /** @example chk_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            chunk_id: string;
            /** @example doc_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            document_id: string;
            /** @example Resetting your password */
            document_title: string;
            /** @example https://docs.acme.test/account/password */
            document_url: string;
            /** @example 0.82 */
            similarity_score: number;
            text: string;
        };
        SemanticSearchMetadataDto: {
            /** @example 18 */
            latency_ms: number;
            /** @enum {string} */
            rag_strategy: "vector" | "keyword" | "hybrid";
            /** @example 1280 */
            total_chunks_searched: number;
        };
        SemanticSearchRequestDto: {
            /**
             * @description Default: every data source of the organization, and its published knowledge base.
             * @example [
             *       "ds_01JD8X0Q5W3V7N2K4M6P8R9T1A"
             *     ]
             */
            data_source_ids?: string[];
            /**
             * @description Must be the caller's organization.
             * @example org_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            org_id: string;
            /** @example password reset */
            query: string;
            /**
             * @default hybrid
             * @enum {string}
             */
            rag_strategy?: "vector" | "keyword" | "hybrid";
            /** @description Chunks scoring below it are left out. */
            similarity_threshold?: number;
            /** @default 10 */
            top_k?: number;
        };
        SemanticSearchResponseDto: {
            chunks: components["schemas"]["SearchChunkDto"][];
            metadata: components["schemas"]["SemanticSearchMetadataDto"];
            /** @description The embedding of the query (empty for the keyword strategy). */
            query_embedding: number[];
        };
        SessionListResponseDto: {
            sessions: components["schemas"]["SessionResponseDto"][];
        };
        SessionResponseDto: {
            /** Format: date-time */
            created_at: string;
            /** @description The session of this request. */
            current: boolean;
            /** Format: date-time */
            expires_at: string;
            /** @example ses_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            ip: string | null;
            /** Format: date-time */
            last_seen_at: string;
            user_agent: string | null;
        };
        SharePointConfigDto: {
            /**
             * @description Document libraries read directly, by their Microsoft Graph drive id.
             * @example [
             *       "b!kGq3Zf0AAEuXyl1nd2aLZ5sVYmA9kLxAsvYx2nYi7UyK9f8eX2mVR5fnmJn0Wq1c"
             *     ]
             */
            drive_ids?: string[];
            /**
             * @description Sites whose document libraries are read, by their address.
             * @example [
             *       "https://contoso.sharepoint.com/sites/eng"
             *     ]
             */
            site_urls?: string[];
        };
        SignedInOrganizationDto: {
            /** @example org_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example Acme */
            name: string;
            /** @example enterprise */
            plan: string;
        };
        SignedInUserDto: {
            /** @example ada@acme.test */
            email: string;
            /** @example usr_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            name: string | null;
            /** @enum {string} */
            role: "readonly" | "train" | "configure" | "admin";
        };
        SlackConfigDto: {
            /**
             * @description Public channel ids to read (the app must be a member); absent: every public channel the app is a member of.
             * @example [
             *       "C0123ABCD"
             *     ]
             */
            channel_ids?: string[];
            /**
             * @description Index each thread (parent and replies) as its own document.
             * @default true
             */
            include_threads?: boolean;
        };
        SsoConnectionSummaryDto: {
            /** Format: date-time */
            created_at: string;
            /** @example sso_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example Okta */
            name: string;
            /** @enum {string} */
            type: "saml" | "oidc";
        };
        SsoDomainDto: {
            /** @example acme.test */
            domain: string;
            verified: boolean;
        };
        SyncAcceptedResponseDto: {
            /** @example ds_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            data_source_id: string;
            /**
             * @description The sync run; several requests while one is queued share it.
             * @example job_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            job_id: string;
            /**
             * @example queued
             * @enum {string}
             */
            status: "queued";
        };
        TestDeliveryResponseDto: {
            /** @example dlv_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            delivery_id: string;
            /** @example 84 */
            duration_ms: number;
            error: string | null;
            /** @example 200 */
            status_code: number | null;
            /**
             * @description Whether the receiver answered 2xx within the timeout.
             * @example true
             */
            success: boolean;
        };
        TooManyAttemptsResponseDto: {
            error: components["schemas"]["ErrorBodyDto"];
            /**
             * @description The limit that was hit (requests, model tokens or concurrent requests).
             * @example 20
             */
            limit: number;
            /**
             * @description Also sent as the X-Request-Id header.
             * @example req_01JD8X0Q5W3V7N2K4M6P8R9T1A
             */
            request_id: string;
            /**
             * Format: date-time
             * @description When that limit is whole again; the same instant as X-RateLimit-Reset.
             * @example 2026-01-31T12:01:00.000Z
             */
            reset_at: string;
            /**
             * @description Seconds until sign-in is open again; the same as the Retry-After header.
             * @example 840
             */
            retry_after: number;
        };
        UpdateAgentDto: {
            /**
             * @description Data sources the agent retrieves from (at most 100).
             * @example []
             */
            data_source_ids?: string[];
            /**
             * @description A provider model is asked for at most the output tokens it can write in one answer (gpt-4o and gpt-4o-mini 16,384, claude-opus-4-1 32,000, claude-3-5-haiku-latest 8,192), as its provider refuses more.
             * @default 1024
             */
            max_tokens?: number;
            /**
             * @description One of extractive, gpt-4o, gpt-4o-mini, gpt-4.1, gpt-4.1-mini, gpt-4.1-nano, gpt-5, gpt-5-mini, gpt-5-nano, claude-opus-4-1, claude-sonnet-4-5, claude-sonnet-4-0, claude-haiku-4-5, claude-3-5-haiku-latest, or custom:<name>.
             * @default extractive
             * @example extractive
             */
            model?: string;
            /** @example Support assistant */
            name?: string;
            /**
             * @description A stored provider key whose account the agent’s model is billed to; null detaches it.
             * @example null
             */
            provider_key_id?: string | null;
            /**
             * @default hybrid
             * @enum {string}
             */
            rag_strategy?: "vector" | "keyword" | "hybrid";
            /**
             * @description A disabled agent answers queries with 409.
             * @default active
             * @enum {string}
             */
            status?: "active" | "disabled";
            /**
             * @description Opens the instructions of a provider model (OpenAI, Anthropic, custom:); the built-in extractive model quotes its sources and takes none.
             * @example Answer from the documentation only. Cite your sources.
             */
            system_prompt?: string | null;
            /**
             * @description Sent to OpenAI chat models and custom: endpoints; Anthropic models and OpenAI reasoning models (gpt-5, o-series) take none and answer at their own setting.
             * @default 0.2
             */
            temperature?: number;
        };
        UpdateDataSourceDto: {
            /** @description Replaces the whole config (of the source's type); the next sync uses it. */
            config?: components["schemas"]["WebsiteConfigDto"] | components["schemas"]["ConfluenceConfigDto"] | components["schemas"]["SlackConfigDto"] | components["schemas"]["GoogleDriveConfigDto"] | components["schemas"]["SharePointConfigDto"];
            /** @example Product documentation */
            name?: string;
            /** @enum {string} */
            sync_frequency?: "hourly" | "daily" | "weekly" | "manual";
        };
        UpdateKbArticleDto: {
            /** @example Open Settings, then Security… */
            content?: string;
            /**
             * @description Published articles are retrieved by the organization’s agents; drafts never are.
             * @default draft
             * @enum {string}
             */
            status?: "draft" | "published";
            /**
             * @default []
             * @example [
             *       "account",
             *       "security"
             *     ]
             */
            tags?: string[];
            /** @example Resetting your password */
            title?: string;
        };
        UpdateOrganizationDto: {
            /**
             * @description Client addresses allowed to call the organization’s API and to sign in: IPv4 and IPv6 CIDR ranges, a bare address meaning that one address; `[]` removes the restriction. Enterprise plan. A list that leaves out the caller’s own address needs `?confirm=true`.
             * @example [
             *       "203.0.113.0/24",
             *       "2001:db8::/32",
             *       "198.51.100.7"
             *     ]
             */
            ip_allowlist?: string[];
            /** @example Acme */
            name?: string;
        };
        UpdateUserDto: {
            /** @example ada@acme.test */
            email?: string;
            /**
             * @description `null` clears it.
             * @example Ada Lovelace
             */
            name?: string | null;
            /** @enum {string} */
            role?: "readonly" | "train" | "configure" | "admin";
        };
        UpdateWebhookDto: {
            description?: string | null;
            /**
             * @example [
             *       "interaction.completed",
             *       "datasource.processed"
             *     ]
             */
            events?: ("interaction.created" | "interaction.completed" | "interaction.feedback" | "agent.created" | "agent.updated" | "agent.deleted" | "datasource.created" | "datasource.processed" | "datasource.failed" | "user.created" | "user.updated")[];
            /**
             * @description Setting a disabled or failed webhook active sends its held deliveries, oldest first.
             * @enum {string}
             */
            status?: "active" | "disabled";
            /** @example https://hooks.acme.test/agent-events */
            url?: string;
        };
        UploadedFileDto: {
            /** @example application/pdf */
            content_type: string | null;
            /** @example handbook.pdf */
            name: string;
            /** @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 */
            sha256: string;
            /** @example 482133 */
            size: number;
        };
        UserListResponseDto: {
            /** @example 50 */
            limit: number;
            /** @example 0 */
            offset: number;
            /** @example 1 */
            total: number;
            users: components["schemas"]["UserResponseDto"][];
        };
        UserResponseDto: {
            /** Format: date-time */
            created_at: string;
            /** @example ada@acme.test */
            email: string;
            /** @example usr_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @example Ada Lovelace */
            name: string | null;
            /** @enum {string} */
            role: "readonly" | "train" | "configure" | "admin";
            /** Format: date-time */
            updated_at: string;
        };
        WebhookListResponseDto: {
            limit: number;
            offset: number;
            total: number;
            webhooks: components["schemas"]["WebhookResponseDto"][];
        };
        WebhookResponseDto: {
            /** Format: date-time */
            created_at: string;
            description: string | null;
            /**
             * @example [
             *       "interaction.completed"
             *     ]
             */
            events: string[];
            /** @example wh_01JD8X0Q5W3V7N2K4M6P8R9T1A */
            id: string;
            /** @enum {string} */
            status: "active" | "disabled" | "failed";
            /** Format: date-time */
            updated_at: string;
            /** @example https://hooks.acme.test/agent-events */
            url: string;
        };
        WebsiteConfigDto: {
            /** @default 100 */
            max_pages?: number;
            /**
             * @description Start URL: the crawl stays on its host and under its path.
             * @example https://docs.acme.test/guide/
             */
            url: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    LegacyAgents_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyAgentListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `agents:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyApiKeys_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyApiKeyListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyApiKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLegacyApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyCreatedApiKeyResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyApiKeys_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyCreatedApiKeyResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    Sessions_client: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAddressResponseDto"];
                };
            };
            /**
             * @description Wrong credentials, or a session that ended or expired
             *
             *     No web session, or one that ended or expired
             */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Passwords_accept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInvitationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sessions_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Wrong credentials, or a session that ended or expired */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Too many attempts: wait for Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TooManyAttemptsResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sessions_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Wrong credentials, or a session that ended or expired
             *
             *     No web session, or one that ended or expired
             */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sso_oidcCallback: {
        parameters: {
            query?: {
                /** @description The authorization code */
                code?: unknown;
                /** @description The provider’s error instead of a code, e.g. `access_denied` */
                error?: unknown;
                /** @description Not shown to the person, nor kept */
                error_description?: unknown;
                /** @description The provider’s issuer (RFC 9207), checked when the provider sends it */
                iss?: unknown;
                /** @description The state this service sent, as the browser’s flow cookie holds it */
                state?: unknown;
            };
            header?: never;
            path: {
                /** @description An SSO connection (`sso_…`) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in: the session cookie is set, and the browser goes to the web application */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page: "Authentication failed" (an unknown connection, an identity provider out of reach, or an invalid, expired, replayed or misplaced answer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page: "Unauthorized domain", or single sign-on unavailable to the organization (its plan); or, from an address outside the organization’s IP allowlist, the JSON error `ip_not_allowed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                    "text/html": string;
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sso_oidcLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An SSO connection (`sso_…`) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page: "Authentication failed" (an unknown connection, an identity provider out of reach, or an invalid, expired, replayed or misplaced answer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page: "Unauthorized domain", or single sign-on unavailable to the organization (its plan) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Passwords_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /**
             * @description Wrong credentials, or a session that ended or expired
             *
             *     No web session, or one that ended or expired
             */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`); or too many failed sign-ins (`too_many_attempts`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"] | components["schemas"]["TooManyAttemptsResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Passwords_requestReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetAcceptedDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Passwords_confirmReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetConfirmDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sso_acs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An SSO connection (`sso_…`) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description Accepted and ignored */
                    RelayState?: string;
                    /** @description The base64 SAML Response, answering an AuthnRequest this service sent */
                    SAMLResponse: string;
                };
            };
        };
        responses: {
            /** @description Signed in: the session cookie is set, and the browser goes to the web application */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page: "Authentication failed" (an unknown connection, an identity provider out of reach, or an invalid, expired, replayed or misplaced answer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page: "Unauthorized domain", or single sign-on unavailable to the organization (its plan); or, from an address outside the organization’s IP allowlist, the JSON error `ip_not_allowed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                    "text/html": string;
                };
            };
            /** @description A body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sso_samlLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An SSO connection (`sso_…`) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page: "Authentication failed" (an unknown connection, an identity provider out of reach, or an invalid, expired, replayed or misplaced answer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page: "Unauthorized domain", or single sign-on unavailable to the organization (its plan) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sso_metadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An SSO connection (`sso_…`) */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description EntityDescriptor XML */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/samlmetadata+xml": string;
                };
            };
            /** @description A connection id of the wrong shape */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No SAML connection has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sessions_current: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponseDto"];
                };
            };
            /**
             * @description Wrong credentials, or a session that ended or expired
             *
             *     No web session, or one that ended or expired
             */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sessions_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionListResponseDto"];
                };
            };
            /**
             * @description Wrong credentials, or a session that ended or expired
             *
             *     No web session, or one that ended or expired
             */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sessions_end: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /**
             * @description Wrong credentials, or a session that ended or expired
             *
             *     No web session, or one that ended or expired
             */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sso_start: {
        parameters: {
            query: {
                email: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page: "Authentication failed" (an unknown connection, an identity provider out of reach, or an invalid, expired, replayed or misplaced answer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page: "Unauthorized domain", or single sign-on unavailable to the organization (its plan) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page: no organization signs in with single sign-on for this e-mail address */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    LegacyChat_chat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LegacyChatRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyChatResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `chat` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    Agents_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `agents:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Agents_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `agents:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Agents_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `agents:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Agents_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAgentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `agents:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Agents_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `agents:delete` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Analytics_get: {
        parameters: {
            query: {
                /** @description Only this agent’s interactions; an agent of another organization is a 404. */
                agent_id?: string;
                /** @description Last UTC day included, up to 23:59:59.999 (YYYY-MM-DD); not before start_date. */
                end_date: string;
                /** @description Bucket size of `time_series`, in UTC; weeks start on Monday (ISO 8601). At most 1000 buckets. */
                granularity?: "hour" | "day" | "week" | "month";
                /** @description First UTC day included (YYYY-MM-DD). */
                start_date: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `analytics:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ApiKeys_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ApiKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKeyResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ApiKeys_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKeyResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `keys:own` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    AuditLog_list: {
        parameters: {
            query?: {
                action?: "login.succeeded" | "login.failed" | "logout" | "session.revoked" | "sso.succeeded" | "sso.failed" | "ip.blocked" | "api_key.created" | "api_key.revoked" | "api_key.rotated" | "user.created" | "user.invited" | "user.updated" | "user.deleted" | "organization.updated" | "oauth_client.created" | "oauth_client.deleted" | "oauth_grant.revoked" | "data_source.connected" | "data_source.disconnected" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "provider_key.created" | "provider_key.deleted";
                /** @description Last UTC day included (YYYY-MM-DD). */
                end_date?: string;
                limit?: number;
                offset?: number;
                /** @description First UTC day included (YYYY-MM-DD). */
                start_date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `audit-log:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ConnectorConsent_callback: {
        parameters: {
            query: {
                code?: unknown;
                error?: unknown;
                state: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Connected: to the data source's page in the web console */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page saying why the connection could not be made (expired or reused state, consent refused, code refused) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description `active` also matches connector sources shown as `Connected`, and `failed` those shown as `Connection failed`; a connector status alone (`Connected`, `Connection failed`, `Disconnected`) matches only itself. */
                status?: "active" | "processing" | "failed" | "pending" | "Connected" | "Connection failed" | "Disconnected";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSourceListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDataSourceDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSourceResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSourceResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateDataSourceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSourceResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ConnectorConsent_connect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's consent page */
            302: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ConnectorConsent_disconnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSourceResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_documents: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "indexed" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_upload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    file: string[];
                };
            };
        };
        responses: {
            202: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilesAcceptedResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A file over 50 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSourceStatusResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DataSources_sync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncAcceptedResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `data:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Interactions_list: {
        parameters: {
            query?: {
                /** @description Only this agent's interactions, a deleted agent's included (interactions outlive their agent). An id that never named an agent of the organization selects nothing. */
                agent_id?: string;
                /** @description Last UTC day included (YYYY-MM-DD). */
                end_date?: string;
                /** @description `null` selects interactions without feedback. */
                feedback?: "positive" | "negative" | "null";
                limit?: number;
                offset?: number;
                /** @description First UTC day included (YYYY-MM-DD). */
                start_date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InteractionListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `interactions:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Interactions_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InteractionResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `interactions:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Interactions_feedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InteractionResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `feedback` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Kb_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "draft" | "published";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbArticleListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `kb:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Kb_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateKbArticleDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbArticleResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `kb:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Kb_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbArticleResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `kb:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Kb_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateKbArticleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbArticleResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `kb:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Kb_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `kb:write` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Kb_versions: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbArticleVersionListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `kb:read` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthClients_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClientListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `organization:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthClients_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOAuthClientDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOAuthClientResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `organization:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthClients_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClientResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `organization:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthClients_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `organization:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthGrants_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthGrantListResponseDto"];
                };
            };
            /** @description Wrong credentials, or a session that ended or expired */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthGrants_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthGrantResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Wrong credentials, or a session that ended or expired */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthGrants_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Wrong credentials, or a session that ended or expired */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OrganizationSettings_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `organization:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OrganizationSettings_update: {
        parameters: {
            query?: {
                /** @description `true` saves an allowlist that leaves out the caller’s own address. */
                confirm?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrganizationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `organization:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ProviderKeys_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderKeyListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `provider-keys:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ProviderKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProviderKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderKeyResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `provider-keys:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ProviderKeys_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderKeyResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `provider-keys:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ProviderKeys_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `provider-keys:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Query_query: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QueryRequestDto"];
            };
        };
        responses: {
            /** @description The answer; with `stream: true`, the same as server-sent events */
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueryResponseDto"];
                    "text/event-stream": string;
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `chat` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Query_search: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SemanticSearchRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SemanticSearchResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `chat` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Users_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `users:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Users_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitedUserResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `users:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Users_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `users:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Users_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `users:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Users_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `users:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Users_invite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitedUserResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `users:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Users_revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `users:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: {
                event_type?: "interaction.created" | "interaction.completed" | "interaction.feedback" | "agent.created" | "agent.updated" | "agent.deleted" | "datasource.created" | "datasource.processed" | "datasource.failed" | "user.created" | "user.updated" | "webhook.test";
                limit?: number;
                offset?: number;
                status?: "pending" | "held" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryDeliveryResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDeliveryResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeErrorResponseDto"] | components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyWebhookListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyCreatedWebhookResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyWebhookResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyWebhookResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A JSON body over 1 MiB (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description A body of a type the operation does not take (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_deliveries: {
        parameters: {
            query?: {
                eventType?: "interaction.created" | "interaction.completed" | "interaction.feedback" | "agent.created" | "agent.updated" | "agent.deleted" | "datasource.created" | "datasource.processed" | "datasource.failed" | "user.created" | "user.updated" | "webhook.test";
                limit?: number;
                offset?: number;
                status?: "pending" | "held" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyDeliveryListResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRetryDeliveryResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Conflicts with the current state of the resource */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    LegacyWebhooks_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyTestDeliveryResponseDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credential */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description The credential lacks the permission `webhooks:manage` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request */
            403: {
                headers: {
                    /** @description For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyScopeErrorResponseDto"] | components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description No such resource in the caller’s organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Over a rate limit: the key’s bucket for this scope class or the plan’s requests per minute or day (`rate_limit_exceeded`), the plan’s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`) */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying (at least 1) */
                    "Retry-After"?: number;
                    /** @description Allowed requests of the tightest limit (on a 429: of the limit that was hit) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left under that limit */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when that limit is whole again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Requests counted under that limit */
                    "X-RateLimit-Used"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyRateLimitErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
            /** @description Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegacyErrorResponseDto"];
                };
            };
        };
    };
    Health_liveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivenessDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthInteractions_abort: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The interaction, as in the consent page’s address */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InteractionRedirectDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthInteractions_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The interaction, as in the consent page’s address */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InteractionRedirectDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Wrong credentials, or a session that ended or expired */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthInteractions_details: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The interaction, as in the consent page’s address */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InteractionDetailsDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    OAuthInteractions_login: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The interaction, as in the consent page’s address */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InteractionRedirectDto"];
                };
            };
            /** @description Malformed JSON, unknown fields, wrong types, bad ids or values out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Wrong credentials, or a session that ended or expired */
            401: {
                headers: {
                    /** @description `Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several Authorization headers (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Refused: a CSRF check, a blocked address, or the plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Health_readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessDto"];
                };
            };
            /** @description A fault of the service (`internal_error`): logged with the request id, never with internals in the body */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessDto"];
                };
            };
        };
    };
}
