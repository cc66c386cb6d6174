import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { api, expect, test } from "./ui-fixtures";

// The Webhooks panel (live-menus §4): add a webhook pointing at a receiver this spec runs on
// 127.0.0.1 (the server runs with WEBHOOK_ALLOW_PRIVATE=true), see its secret once, send a test event
// and a real menu change, both signed with that secret; then delete it behind a confirmation.

type Received = { headers: http.IncomingHttpHeaders; body: string };

const signatureOf = (secret: string, headers: http.IncomingHttpHeaders, body: string) =>
  `v1,${createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64"))
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest("base64")}`;

test("add a webhook, see its secret once, send a test event, receive a change, delete it", async ({ page, context }) => {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/e2e-${Date.now()}`;
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/locations/1/webhooks");
    await page.getByRole("button", { name: "Add webhook" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add webhook" });
    await dialog.getByLabel("URL").fill(url);
    await dialog.getByLabel("Description").fill("E2E receiver");
    await dialog.getByRole("checkbox", { name: /Menus reordered/ }).uncheck();
    await dialog.getByRole("button", { name: "Add webhook" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Webhook added: copy its secret" });
    const secretBox = secretDialog.getByLabel("Signing secret");
    await expect(secretBox).toHaveValue(/^whsec_/);
    const secret = await secretBox.inputValue();
    await secretDialog.getByRole("button", { name: "Copy" }).click();
    await expect(secretDialog.getByRole("status")).toHaveText("Copied to the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole("button", { name: "I have stored it" }).click();
    await expect(secretDialog).toBeHidden();

    const card = page.getByRole("article", { name: url });
    await expect(card).toContainText("E2E receiver");
    await expect(card).toContainText("Active");
    await expect(card).not.toContainText("menu.reordered");
    // Shown once: not on the page, not after a reload, not in the API's answers.
    await page.reload();
    await expect(page.getByRole("article", { name: url })).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));
    expect(await (await api(page).get("/api/v1/locations/1/webhooks")).text()).not.toContain(secret.slice(6));

    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event delivered (HTTP 204).")).toBeVisible();
    const test = received.find((entry) => JSON.parse(entry.body).type === "webhook.test");
    expect(test).toBeDefined();
    expect(test!.headers["webhook-signature"]).toBe(signatureOf(secret, test!.headers, test!.body));

    // A real change reaches the receiver through the server's worker, woken by the change's notification.
    const menuId = (await (await api(page).get("/api/v1/locations/1/menus")).json()).menus[0].id;
    const section = (await (await api(page).get(`/api/v1/menus/${menuId}?full=true`)).json()).menu.sections[0];
    const renamed = await api(page).send("PATCH", `/api/v1/sections/${section.id}`, { section: { name: `${section.name} (webhook e2e)` } });
    expect(renamed.status()).toBe(200);
    await expect.poll(() => received.filter((entry) => JSON.parse(entry.body).type === "menu.updated").length).toBe(1);
    const change = received.find((entry) => JSON.parse(entry.body).type === "menu.updated")!;
    expect(change.headers["webhook-signature"]).toBe(signatureOf(secret, change.headers, change.body));
    expect(JSON.parse(change.body).data).toMatchObject({ menu_id: menuId, summary: expect.stringContaining("(webhook e2e)") });
    await api(page).send("PATCH", `/api/v1/sections/${section.id}`, { section: { name: section.name } });

    await card.getByRole("button", { name: "Recent deliveries" }).click();
    await expect(card.getByRole("table")).toContainText("Delivered · HTTP 204");
    await expect(card.getByRole("table")).toContainText("menu.updated");

    for (const [width, height] of [
      [1280, 800],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/webhooks-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this webhook?" });
    await confirm.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByRole("article", { name: url })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add webhook" }).first()).toBeFocused();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
