// npm run team -- invite|list|rename|remove|reset-factors|reset-password [email] [--name]
// [--language ar|en]: the team's
// membership, through the auth admin API of the running server or of a hosted project.
import { parseArgs } from "node:util";
import { isLanguage, type Language } from "../../shared/language.ts";
import { loadConfig } from "../config.ts";
import {
  TeamCommandError,
  inviteMember,
  listMembers,
  passwordResetLink,
  removeMember,
  renameMember,
  resetFactors,
  validName,
} from "./team-members.ts";
import { adminClient } from "./admin-client.ts";
import { runCommand, UsageError } from "./command.ts";
import { errorMessage } from "../../shared/error-message.ts";

const usage = `Usage:
  npm run team -- invite <email> [--name "<name>"] [--language ar|en]
                                                     one-time link (24 hours) to join the inbox,
                                                     mailed when SMTP_URL is set; the name is
                                                     what the team sees beside their work
  npm run team -- list                                the members and their names
  npm run team -- rename <email> --name "<name>"      change the name the team sees
  npm run team -- remove <email>                      delete a member's account
  npm run team -- reset-factors <email>               a lost phone: enrol again at next sign-in
  npm run team -- reset-password <email> [--language ar|en]
                                                     a forgotten password: prints a one-time
                                                     link (24 hours) to choose a new one`;

function readArguments() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { language: { type: "string", default: "ar" }, name: { type: "string" } },
    });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  const [command, email, ...rest] = parsed.positionals;
  if (rest.length > 0) throw new UsageError(`Unexpected ${rest.join(" ")}`);
  const language = parsed.values.language;
  if (!isLanguage(language)) throw new UsageError(`--language must be ar or en, not ${language}`);
  const needsEmail =
    command === "invite" ||
    command === "rename" ||
    command === "remove" ||
    command === "reset-factors" ||
    command === "reset-password";
  if (needsEmail && !email) throw new UsageError(`${command} needs an email address`);
  if (!needsEmail && command !== "list") {
    throw new UsageError(`Unknown command ${command ?? "(none)"}`);
  }
  const given = parsed.values.name;
  if (command === "rename" && given === undefined) throw new UsageError("rename needs --name");
  if (given !== undefined && command !== "invite" && command !== "rename") {
    throw new UsageError(`--name goes with invite or rename, not ${command}`);
  }
  const name = given === undefined ? undefined : validName(given);
  return { command, email: email ?? "", language: language, name };
}

function inboxUrl(language: Language): string {
  return `${loadConfig().siteUrl}${language === "en" ? "/en" : ""}/inbox`;
}

async function main(): Promise<void> {
  const { command, email, language, name } = readArguments();
  const { client, target, mails } = await adminClient();
  try {
    if (command === "list") {
      const members = await listMembers(client);
      if (members.length === 0)
        process.stdout.write("No members yet: npm run team -- invite <email>\n");
      for (const member of members) {
        const state = !member.confirmed
          ? "invited"
          : member.factors === 0
            ? "no authenticator app yet"
            : `${member.factors} authenticator app${member.factors === 1 ? "" : "s"}`;
        const seen = member.lastSignIn ? `, last signed in ${member.lastSignIn}` : "";
        process.stdout.write(`${member.email}\t${member.name ?? "(no name)"}\t${state}${seen}\n`);
      }
    } else if (command === "invite") {
      const invitation = await inviteMember(client, email, inboxUrl(language), mails, name);
      process.stdout.write(
        invitation.kind === "link"
          ? `Invited ${invitation.email}. Send them this link; it works once, for 24 hours:\n${invitation.link}\n`
          : invitation.kind === "mailed"
            ? `Invited ${invitation.email}: the link is on its way by mail; it works once, for 24 hours.\n`
            : `${invitation.email} already had an account and is now a member: they sign in at ${inboxUrl(language)}\n`,
      );
    } else if (command === "rename" && name !== undefined) {
      await renameMember(client, email, name);
      process.stdout.write(`${email} is now named ${name}.\n`);
    } else if (command === "remove") {
      await removeMember(client, email);
      process.stdout.write(`Removed ${email}: their account and sessions are deleted.\n`);
    } else if (command === "reset-password") {
      // The inbox reads `recovery` in its address as the way back from a reset's link.
      const link = await passwordResetLink(client, email, `${inboxUrl(language)}?recovery=1`);
      process.stdout.write(
        `Send ${email} this link; it works once, for 24 hours: they enter their authenticator code, then choose a new password:\n${link}\n`,
      );
    } else {
      const count = await resetFactors(client, email);
      process.stdout.write(
        `Deleted ${count} factor${count === 1 ? "" : "s"} of ${email}: they enrol a new authenticator app at their next sign-in.\n`,
      );
    }
  } catch (error) {
    if (
      error instanceof TeamCommandError &&
      /fetch failed|ECONNREFUSED/u.test(
        error.cause instanceof Error ? error.cause.toString() : error.message,
      )
    ) {
      throw new TeamCommandError(`${error.message} (is the server running at ${target}?)`);
    }
    throw error;
  }
}

await runCommand(main, usage);
