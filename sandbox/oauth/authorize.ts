import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { sandboxAccessTokens, sandboxOauthCodes } from "@/sandbox/schema";
import { hashToken, newToken } from "@/lib/auth/tokens";
import type { Ctx } from "../context";
import { invalidParam } from "../errors";
import { parseParams } from "../params";

const exchangeParams = z.object({
  response_type: z.literal("code", { error: 'response_type must be "code".' }),
  redirect_url: z.string({ error: "redirect_url is required." }).min(1, "redirect_url is required."),
  code: z.string({ error: "code is required." }).min(1, "code is required."),
});

// GET /oauth/authorize/ — OAuth step 3: trades a code for an access token (tokens never expire)
export async function authorize(ctx: Ctx) {
  const params = parseParams(exchangeParams, ctx.params);
  const codeHash = hashToken(params.code);
  const [code] = await ctx.db.select().from(sandboxOauthCodes).where(eq(sandboxOauthCodes.codeHash, codeHash)).limit(1);
  if (!code || code.clientId !== ctx.clientId) throw invalidParam("The code is not valid for this app.");
  if (code.usedAt) throw invalidParam("The code has already been used: send the user through authentication again.");
  if (code.expiresAt.getTime() <= ctx.now.getTime())
    throw invalidParam("The code has expired: send the user through authentication again.");
  if (code.redirectUrl !== params.redirect_url)
    throw invalidParam("redirect_url must be identical to the one sent to /oauth/authenticate/.");
  // Spend the code atomically: of two concurrent exchanges only one gets a token.
  const spent = await ctx.db
    .update(sandboxOauthCodes)
    .set({ usedAt: ctx.now })
    .where(and(eq(sandboxOauthCodes.codeHash, codeHash), isNull(sandboxOauthCodes.usedAt)))
    .returning({ userId: sandboxOauthCodes.userId });
  if (spent.length === 0) throw invalidParam("The code has already been used: send the user through authentication again.");
  const accessToken = newToken();
  await ctx.db
    .insert(sandboxAccessTokens)
    .values({ tokenHash: hashToken(accessToken), clientId: ctx.clientId, userId: spent[0]!.userId, createdAt: ctx.now });
  return { access_token: accessToken };
}
