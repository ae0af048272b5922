/**
 * A STAND-IN for GitHub's API, for tests only, over a real git repository on disk. It is not
 * GitHub: one repository, one user, one access token, no pull requests.
 *
 * Why: the browser editor (Sveltia CMS, decision 0051) reads and writes the content through
 * GitHub's API, and these machines have no internet. Its local mode needs the browser's
 * directory picker, which a test cannot answer, so the tests point its `api_root` here and
 * drive its real screens. Given an `api_root` that is not api.github.com, Sveltia speaks to
 * it as to GitHub Enterprise: REST under `/api/v3`, GraphQL at `/api/graphql`, from the
 * editor's page on another origin (so with CORS and preflights). The calls answered are the
 * ones its GitHub backend makes (read from its source, sveltia/sveltia-cms
 * src/lib/services/backends/git/github/): in its simple publish mode, signing in with a
 * token, loading every file, saving.
 *
 * - `GET /api/v3/user`: the user the token belongs to; a wrong token gets 401.
 * - `GET /api/v3/repos/{owner}/{repo}/collaborators/{login}`: 204 for the user.
 * - `GET /api/v3/repos/{owner}/{repo}/git/trees/{sha or branch}?recursive=1`: every file.
 * - `GET /api/v3/repos/{owner}/{repo}/git/blobs/{sha}` (raw): a file's bytes (pictures).
 * - `POST /api/graphql`, run by graphql-js against the part of GitHub's schema the editor
 *   uses: the repository's default branch, a branch's last commit, blobs' text, each file's
 *   last commit and history, and `createCommitOnBranch`, which makes a real commit with
 *   git's plumbing and refuses, as GitHub does, when the branch is no longer at
 *   `expectedHeadOid`. A commit has no statuses, deployments or check runs (no CI here).
 *
 * Anything else is answered 404 (or a GraphQL error) and kept in `unanswered`: a test that
 * asserts it empty notices when a new release of the editor asks for something new.
 */
import { execFileSync } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildSchema, graphql, type GraphQLSchema } from "graphql";

export interface GitHostUser {
  login: string;
  name: string;
  email: string;
  id: number;
}

export interface GitHostOptions {
  /** A git repository with a working tree; its branch `branch` is what the editor sees. */
  repoDir: string;
  /** owner/name, as the editor's `repo` setting names it. */
  repo: string;
  branch?: string;
  token: string;
  user?: GitHostUser;
  /** Default: a free one. */
  port?: number;
}

export interface GitHostStandIn {
  /** http://127.0.0.1:<port>: the editor's `api_root` (CMS_GIT_API). */
  origin: string;
  /** Requests it could not answer: method, path and why. */
  unanswered: string[];
  /** Commits made through `createCommitOnBranch`, oldest first: their ids and messages. */
  commits: { oid: string; message: string }[];
  close(): Promise<void>;
}

const DEFAULT_USER: GitHostUser = { login: "hr-editor", name: "Meera HR", email: "meera@example.com", id: 4021 };

/** The subset of GitHub's GraphQL schema the editor's queries use, with GitHub's names. */
const SCHEMA_SOURCE = /* GraphQL */ `
  scalar GitObjectID
  scalar Base64String
  scalar DateTime
  scalar URI

  type Query {
    repository(owner: String!, name: String!): Repository
  }
  type Mutation {
    createCommitOnBranch(input: CreateCommitOnBranchInput!): CreateCommitOnBranchPayload
  }
  type Repository {
    name: String!
    nameWithOwner: String!
    defaultBranchRef: Ref
    ref(qualifiedName: String!): Ref
    object(oid: GitObjectID, expression: String): GitObject
  }
  type Ref {
    name: String!
    prefix: String!
    target: GitObject
  }
  interface GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
  }
  type Commit implements GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
    message: String!
    messageHeadline: String!
    committedDate: DateTime!
    author: GitActor
    committer: GitActor
    history(first: Int, path: String): CommitHistoryConnection!
    file(path: String!): TreeEntry
    status: Status
    deployments(last: Int, orderBy: DeploymentOrder): DeploymentConnection
    checkSuites(last: Int): CheckSuiteConnection
  }
  type Status {
    contexts: [StatusContext!]!
  }
  type StatusContext {
    context: String!
    state: String!
    targetUrl: URI
    description: String
  }
  enum DeploymentOrderField {
    CREATED_AT
  }
  enum OrderDirection {
    ASC
    DESC
  }
  input DeploymentOrder {
    field: DeploymentOrderField!
    direction: OrderDirection!
  }
  type DeploymentConnection {
    nodes: [Deployment]
  }
  type Deployment {
    environment: String
    latestStatus: DeploymentStatus
  }
  type DeploymentStatus {
    state: String!
    environmentUrl: URI
    description: String
  }
  type CheckSuiteConnection {
    nodes: [CheckSuite]
  }
  type CheckSuite {
    checkRuns(last: Int): CheckRunConnection
  }
  type CheckRunConnection {
    nodes: [CheckRun]
  }
  type CheckRun {
    name: String!
    status: String!
    conclusion: String
    detailsUrl: URI
    summary: String
  }
  type Blob implements GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
    byteSize: Int!
    isBinary: Boolean
    isTruncated: Boolean!
    text: String
  }
  type Tree implements GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
  }
  type TreeEntry {
    oid: GitObjectID!
    path: String
    name: String!
    type: String!
  }
  type CommitHistoryConnection {
    nodes: [Commit]
    totalCount: Int!
  }
  type GitActor {
    name: String
    email: String
    date: DateTime
    avatarUrl(size: Int): URI!
    user: User
  }
  type User {
    databaseId: Int
    login: String!
  }
  input CreateCommitOnBranchInput {
    branch: CommittableBranch!
    expectedHeadOid: GitObjectID!
    fileChanges: FileChanges
    message: CommitMessage!
    clientMutationId: String
  }
  input CommittableBranch {
    repositoryNameWithOwner: String
    branchName: String
    id: ID
  }
  input FileChanges {
    additions: [FileAddition!]
    deletions: [FileDeletion!]
  }
  input FileAddition {
    path: String!
    contents: Base64String!
  }
  input FileDeletion {
    path: String!
  }
  input CommitMessage {
    headline: String!
    body: String
  }
  type CreateCommitOnBranchPayload {
    clientMutationId: String
    commit: Commit
    ref: Ref
  }
`;

/** GitHub's GraphQL answer to a commit on a branch that has moved meanwhile. */
class StaleHeadError extends Error {}

export async function startGitHost(options: GitHostOptions): Promise<GitHostStandIn> {
  const { repoDir, token, user = DEFAULT_USER } = options;
  const branch = options.branch ?? "main";
  const [owner, name] = options.repo.split("/") as [string, string];
  const unanswered: string[] = [];
  const commits: { oid: string; message: string }[] = [];

  const git = (args: string[], input?: Buffer | string, env: NodeJS.ProcessEnv = {}): Buffer =>
    execFileSync("git", args, {
      cwd: repoDir,
      input,
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
  const gitText = (args: string[], env?: NodeJS.ProcessEnv) => git(args, undefined, env).toString("utf8").trim();

  // Git objects never change, so each is read once; the editor asks for a hundred files in
  // one query, and a process per file would take seconds. Reads go through `cat-file --batch`.
  const objects = new Map<string, { type: string; bytes: Buffer }>();
  const readObjects = (oids: string[]) => {
    const wanted = [...new Set(oids)].filter((oid) => /^[0-9a-f]{40}$/.test(oid) && !objects.has(oid));
    if (wanted.length === 0) return;
    const out = git(["cat-file", "--batch"], `${wanted.join("\n")}\n`);
    let at = 0;
    while (at < out.length) {
      const end = out.indexOf(10, at);
      const [oid = "", type = "", size = ""] = out.subarray(at, end).toString("utf8").split(" ");
      if (type === "missing" || size === "") {
        at = end + 1;
        continue;
      }
      const bytes = out.subarray(end + 1, end + 1 + Number(size));
      objects.set(oid, { type, bytes: Buffer.from(bytes) });
      at = end + 1 + Number(size) + 1;
    }
  };
  const readObject = (oid: string) => {
    readObjects([oid]);
    return objects.get(oid) ?? null;
  };

  // The branches, read once until a commit moves one.
  let refs: Map<string, string> | null = null;
  const headOf = (ref: string): string | null => {
    if (/^[0-9a-f]{40}$/.test(ref)) return readObject(ref)?.type === "commit" ? ref : null;
    refs ??= new Map(
      gitText(["for-each-ref", "--format=%(refname) %(objectname)", "refs/heads"])
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" ") as [string, string]),
    );
    return refs.get(ref.startsWith("refs/") ? ref : `refs/heads/${ref}`) ?? null;
  };

  // Each file's commits, newest first, from one `git log` per branch head.
  const histories = new Map<string, { all: string[]; byPath: Map<string, string[]> }>();
  const historyOf = (head: string) => {
    let history = histories.get(head);
    if (!history) {
      history = { all: [], byPath: new Map() };
      const log = gitText(["log", "--format=%x01%H", "--name-only", "--no-renames", head]);
      for (const record of log.split("\x01").filter(Boolean)) {
        const [oid = "", ...paths] = record.split("\n").filter(Boolean);
        history.all.push(oid);
        for (const path of paths) history.byPath.set(path, [...(history.byPath.get(path) ?? []), oid]);
      }
      histories.set(head, history);
    }
    return history;
  };

  const actor = (line: string) => {
    const [, fullName = "", email = "", seconds = "0"] = /^(.*) <(.*)> (\d+) [+-]\d{4}$/.exec(line) ?? [];
    return {
      name: fullName,
      email,
      date: new Date(Number(seconds) * 1000).toISOString(),
      avatarUrl: () => "",
      user: email === user.email ? { databaseId: user.id, login: user.login } : null,
    };
  };

  const commitObject = (oid: string) => {
    const text = readObject(oid)?.bytes.toString("utf8") ?? "";
    const split = text.indexOf("\n\n");
    const headers = text.slice(0, split).split("\n");
    const message = text.slice(split + 2).trim();
    const header = (key: string) => headers.find((h) => h.startsWith(`${key} `))?.slice(key.length + 1) ?? "";
    const committer = actor(header("committer"));
    return {
      __typename: "Commit",
      oid,
      abbreviatedOid: oid.slice(0, 7),
      message,
      messageHeadline: message.split("\n")[0] ?? "",
      committedDate: committer.date,
      author: actor(header("author")),
      committer,
      history: ({ first = 100, path }: { first?: number; path?: string }) => {
        const history = historyOf(oid);
        const ids = (path ? (history.byPath.get(path) ?? []) : history.all).slice(0, first);
        readObjects(ids);
        return { nodes: ids.map(commitObject), totalCount: ids.length };
      },
      file: ({ path }: { path: string }) => {
        const line = gitText(["ls-tree", oid, "--", path]);
        const match = /^\d+ (\w+) ([0-9a-f]+)\t(.*)$/.exec(line);
        if (!match) return null;
        const entryPath = match[3] as string;
        return { oid: match[2], path: entryPath, name: entryPath.split("/").pop(), type: match[1] };
      },
      // No CI runs here: no statuses, deployments or checks to show beside a commit.
      status: null,
      deployments: { nodes: [] },
      checkSuites: { nodes: [] },
    };
  };

  const gitObject = (oid: string) => {
    const object = readObject(oid);
    if (object?.type === "commit") return commitObject(oid);
    if (object?.type === "blob") {
      const binary = object.bytes.includes(0);
      return {
        __typename: "Blob",
        oid,
        abbreviatedOid: oid.slice(0, 7),
        byteSize: object.bytes.length,
        isBinary: binary,
        isTruncated: false,
        text: binary ? null : object.bytes.toString("utf8"),
      };
    }
    if (object?.type === "tree") return { __typename: "Tree", oid, abbreviatedOid: oid.slice(0, 7) };
    return null;
  };

  const refObject = (qualifiedName: string) => {
    const short = qualifiedName.replace(/^refs\/heads\//, "");
    const head = headOf(`refs/heads/${short}`);
    return head ? { name: short, prefix: "refs/heads/", target: commitObject(head) } : null;
  };

  const repository = {
    name,
    nameWithOwner: `${owner}/${name}`,
    defaultBranchRef: () => refObject(branch),
    ref: ({ qualifiedName }: { qualifiedName: string }) => refObject(qualifiedName),
    object: ({ oid, expression }: { oid?: string; expression?: string }) => {
      const id = oid ?? (expression ? headOf(expression) : null);
      return id ? gitObject(id) : null;
    },
  };

  interface CommitInput {
    branch: { repositoryNameWithOwner?: string; branchName?: string };
    expectedHeadOid: string;
    fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
    message: { headline: string; body?: string };
  }

  /** A real commit on the branch: blobs written, a tree built in a scratch index, the ref moved only from where the editor saw it. */
  const createCommitOnBranch = ({ input }: { input: CommitInput }) => {
    if (input.branch.repositoryNameWithOwner !== `${owner}/${name}`) {
      throw new Error(`Could not resolve to a Repository with the name '${input.branch.repositoryNameWithOwner}'.`);
    }
    const ref = `refs/heads/${input.branch.branchName ?? branch}`;
    const head = headOf(ref);
    if (!head) throw new Error(`A ref named "${input.branch.branchName}" does not exist.`);
    if (head !== input.expectedHeadOid) {
      throw new StaleHeadError(
        `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`,
      );
    }
    const index = { GIT_INDEX_FILE: `${repoDir}/.git/stand-in-index-${process.pid}` };
    gitText(["read-tree", head], index);
    for (const { path } of input.fileChanges?.deletions ?? []) {
      git(["update-index", "--force-remove", "--", path], undefined, index);
    }
    for (const { path, contents } of input.fileChanges?.additions ?? []) {
      const blob = git(["hash-object", "-w", "--stdin"], Buffer.from(contents, "base64")).toString("utf8").trim();
      git(["update-index", "--add", "--cacheinfo", `100644,${blob},${path}`], undefined, index);
    }
    const tree = gitText(["write-tree"], index);
    const message = [input.message.headline, input.message.body].filter(Boolean).join("\n\n");
    const identity = {
      GIT_AUTHOR_NAME: user.name,
      GIT_AUTHOR_EMAIL: user.email,
      GIT_COMMITTER_NAME: "GitHub",
      GIT_COMMITTER_EMAIL: "noreply@github.com",
    };
    const oid = git(["commit-tree", tree, "-p", head, "-F", "-"], message, identity).toString("utf8").trim();
    // Moves the branch only if it is still where it was read: two saves never overwrite each other.
    gitText(["update-ref", ref, oid, head]);
    refs = null;
    commits.push({ oid, message });
    return { clientMutationId: null, commit: commitObject(oid), ref: refObject(ref) };
  };

  const schema: GraphQLSchema = buildSchema(SCHEMA_SOURCE);
  const rootValue = {
    repository: (args: { owner: string; name: string }) =>
      args.owner === owner && args.name === name ? repository : null,
    createCommitOnBranch,
  };

  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    const payload = body === undefined ? "" : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body), "utf8");
    res.writeHead(status, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "ETag, Link, Location, X-GitHub-Request-Id",
      ...(body === undefined || Buffer.isBuffer(body) ? {} : { "Content-Type": "application/json; charset=utf-8" }),
      ...headers,
    });
    res.end(payload);
  };

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const repoPath = `/api/v3/repos/${owner}/${name}`;

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      send(res, 204, undefined, {
        "Access-Control-Allow-Methods": "GET, POST, PATCH, PUT, DELETE",
        "Access-Control-Allow-Headers": req.headers["access-control-request-headers"] ?? "Authorization",
        "Access-Control-Max-Age": "86400",
      });
      return;
    }
    if (req.headers.authorization !== `token ${token}` && req.headers.authorization !== `Bearer ${token}`) {
      send(res, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
      return;
    }
    const path = decodeURIComponent(url.pathname);
    if (method === "GET" && path === "/api/v3/user") {
      send(res, 200, {
        login: user.login,
        id: user.id,
        name: user.name,
        email: user.email,
        avatar_url: "",
        html_url: `${origin}/${user.login}`,
        type: "User",
      });
      return;
    }
    if (method === "GET" && path.startsWith(`${repoPath}/collaborators/`)) {
      send(res, path === `${repoPath}/collaborators/${user.login}` ? 204 : 404);
      return;
    }
    const tree = path.startsWith(`${repoPath}/git/trees/`) ? path.slice(`${repoPath}/git/trees/`.length) : null;
    if (method === "GET" && tree) {
      const commit = headOf(tree);
      if (!commit) {
        send(res, 404, { message: "Not Found" });
        return;
      }
      const recursive = url.searchParams.has("recursive") ? ["-r"] : [];
      const entries = gitText(["ls-tree", "-l", ...recursive, commit])
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [meta = "", entryPath = ""] = line.split("\t");
          const [mode = "", type = "", sha = "", size = ""] = meta.split(/\s+/);
          return { path: entryPath, mode, type, sha, ...(type === "blob" ? { size: Number(size) } : {}) };
        });
      // The editor asks for these files' contents next: read them all in one go.
      readObjects(entries.filter((e) => e.type === "blob").map((e) => e.sha));
      send(res, 200, { sha: gitText(["rev-parse", `${commit}^{tree}`]), tree: entries, truncated: false });
      return;
    }
    const blob = path.startsWith(`${repoPath}/git/blobs/`) ? path.slice(`${repoPath}/git/blobs/`.length) : null;
    const object = blob ? readObject(blob) : null;
    if (method === "GET" && object?.type === "blob") {
      const { bytes } = object;
      if (req.headers.accept?.includes("application/vnd.github.raw")) {
        send(res, 200, bytes, { "Content-Type": "application/octet-stream" });
      } else {
        send(res, 200, { sha: blob, size: bytes.length, encoding: "base64", content: bytes.toString("base64") });
      }
      return;
    }
    if (method === "POST" && path === "/api/graphql") {
      const { query, variables } = JSON.parse(await readBody(req)) as {
        query: string;
        variables?: Record<string, unknown>;
      };
      const result = await graphql({ schema, source: query, rootValue, variableValues: variables ?? {} });
      if (result.errors?.length) {
        const messages = result.errors.map((e) => e.message);
        if (!result.errors.every((e) => e.originalError instanceof StaleHeadError)) {
          unanswered.push(`GraphQL ${messages.join("; ")} in ${query.slice(0, 200)}`);
        }
        send(res, 200, { data: result.data ?? null, errors: result.errors.map((e) => ({ message: e.message })) });
        return;
      }
      send(res, 200, { data: result.data });
      return;
    }
    unanswered.push(`${method} ${url.pathname}${url.search}`);
    send(res, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
  };

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      unanswered.push(`${req.method} ${req.url}: ${String(error)}`);
      if (!res.headersSent) send(res, 500, { message: String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    unanswered,
    commits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
