import http from "node:http";
import type { AddressInfo } from "node:net";

export type Seen = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string };

const envelope = (response: unknown, code = 200) => JSON.stringify({ meta: { code }, response });
const beer = (bid: number) => ({
  bid,
  beer_name: `Beer ${bid}`,
  beer_abv: 5.5,
  beer_ibu: 40,
  beer_style: "IPA - American",
  beer_description: "Test beer.",
  beer_label: `https://labels.test/${bid}.png`,
  beer_slug: `beer-${bid}`,
  is_in_production: 1,
  rating_score: 3.75,
  calories: 165,
  brewery: {
    brewery_id: 9,
    brewery_name: "Fake Brewing",
    country_name: "United States",
    location: { brewery_city: "Austin", brewery_state: "TX" },
  },
});

/**
 * A stand-in for the beer platform over real HTTP. It records every request, and its answers depend
 * on the path: beer/info/<bid> (404 above 5000; 4998 answers HTML, 4999 never answers), search/beer,
 * user endpoints, and the OAuth code exchange (code "good-code" only).
 */
export async function startFakeUpstream({ delayMs = 0 } = {}) {
  const seen: Seen[] = [];
  let remaining = 100;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://upstream.test");
      seen.push({ method: req.method ?? "", path: url.pathname, query: url.searchParams, headers: req.headers, body });
      const send = (status: number, payload: string, type = "application/json") => {
        remaining -= 1;
        res.writeHead(status, { "content-type": type, "x-ratelimit-limit": "100", "x-ratelimit-remaining": String(remaining) });
        res.end(payload);
      };
      const answer = () => {
        const info = /^\/v4\/beer\/info\/(\d+)$/.exec(url.pathname);
        if (info) {
          const bid = Number(info[1]);
          if (bid === 4999) return; // never answers
          if (bid === 4998) return send(200, "<html>maintenance</html>", "text/html");
          if (bid > 5000)
            return send(404, JSON.stringify({ meta: { code: 404, error_detail: "No beer", error_type: "invalid_param" }, response: [] }));
          return send(200, envelope({ beer: beer(bid) }));
        }
        if (url.pathname === "/v4/search/beer") {
          const items = [1, 2, 3].map((bid) => ({ beer: beer(bid), brewery: beer(bid).brewery }));
          return send(200, envelope({ found: 3, beers: { count: 3, items } }));
        }
        if (url.pathname.startsWith("/oauth/authorize")) {
          const ok = url.searchParams.get("code") === "good-code" && url.searchParams.get("client_secret") === "test-secret";
          return ok ? send(200, envelope({ access_token: "platform-token-123" })) : send(400, envelope([], 400));
        }
        // A feed page, written the way the platform's PHP writes JSON (slashes escaped), whose links
        // name the platform's host and repeat the credentials the call carried.
        const feed = /^\/v4\/user\/checkins\/([\w.-]+)$/.exec(url.pathname);
        if (feed) {
          const origin = `http://${req.headers.host}`;
          const credentials = `client_id=${url.searchParams.get("client_id")}&client_secret=${url.searchParams.get("client_secret")}`;
          const pagination = {
            next_url: `${origin}/v4/user/checkins/${feed[1]}?max_id=41&limit=2&${credentials}`,
            since_url: `${origin}/v4/user/checkins/${feed[1]}?min_id=43&limit=2`,
            max_id: 41,
          };
          const elsewhere = { website: `${origin}/about`, profile: "https://profiles.test/v4/user/x" };
          return send(200, envelope({ pagination, elsewhere, checkins: { count: 0, items: [] } }).replace(/\//g, "\\/"));
        }
        // A careless upstream that repeats the request it was sent, credentials and all.
        if (url.pathname === "/v4/venue/info/666") return send(200, envelope({ echo: { url: req.url, body } }));
        if (url.pathname === "/v4/user/info") return send(200, envelope({ user: { user_name: "demo_owner" } }));
        if (url.pathname.startsWith("/v4/")) return send(200, envelope({ ok: true, path: url.pathname }));
        send(404, envelope([], 404));
      };
      setTimeout(answer, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    calls: (path: string) => seen.filter((request) => request.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
