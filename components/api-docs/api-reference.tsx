"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * The API reference (Scalar), bundled into the app: it reads this instance's /api/v1/openapi.json and
 * its "Test request" sends to this instance (the document's server is `/`). Nothing is fetched from
 * elsewhere: no web fonts, no telemetry, no proxy, no hosted client, no AI agent.
 */
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        hideDarkModeToggle: true,
        layout: "modern",
        metaData: { title: "Taproom API reference" },
        // "Ask AI" would send the document to the vendor's service: off, like everything that leaves this host.
        agent: { disabled: true },
      }}
    />
  );
}
