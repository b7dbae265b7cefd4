// The parts of bench/load.mjs that need our TypeScript modules, run as `node --import tsx bench/load/helper.ts setup`
// with DATABASE_URL (the benchmark's own database), DATA_DIR and SECRET_KEY in the environment. Prints one JSON line
// on stdout; progress goes to stderr.
//   setup  a system with a JobCreator, SESSIONS job managers (role JobManager: the job monitor and the search) and a
//          project (tests/helpers/factories.ts), then EXISTING_JOBS finished jobs of that system with one order file
//          row each, so the monitor and the search have pages to show
import postgres from "postgres";
import { startedDb as getDb } from "@/lib/setup/bootstrap";
import { makeProject, makeSystem, makeUser, PASSWORD } from "@/tests/helpers/factories";
import { runCommand } from "../helper-command";

const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const note = (message: string) => process.stderr.write(`load-helper: ${message}\n`);

const CLIENTS = ["Acme Scan Station 1", "Acme Mail Import", "Mailroom Berlin", "SAP Connector", "Portal Upload", "Fax Gateway"];

async function setup() {
  await getDb(); // migrated and seeded (the server did it already)
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const sessions = Number(process.env.SESSIONS) || 40;
  const existing = Number(process.env.EXISTING_JOBS) || 5000;
  const system = await makeSystem();
  const creator = await makeUser({ systemId: system.id, roles: ["JobCreator"] });
  const { project } = await makeProject({ systemId: system.id, name: "Invoices" });
  note(`${sessions} job managers…`);
  const managers = [];
  for (let i = 0; i < sessions; i++) managers.push((await makeUser({ systemId: system.id, roles: ["JobManager"] })).name);
  note(`${existing} finished jobs…`);
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // only end states: a Waiting job without a BullMQ delivery would be swept up by the worker (redeliver)
    await client`
      insert into jobs (auth_hash, system_id, project_id, project_name, creator, state, error_code, error_message,
                        client, client_info, priority, worker_process_id, attempts, created, assigned, started, finished)
      select md5(${system.id} || g::text), ${system.id}::uuid, ${project.id}::uuid, ${project.name}, ${creator.name},
             st, case when st = 'Error' then 'ProcessingFailed' end,
             case when st = 'Error' then 'document could not be read: ' || g end,
             (${CLIENTS}::text[])[1 + g % ${CLIENTS.length}], 'batch ' || (g / 100),
             case when g % 5 = 0 then 1 + g % 10 else 5 end, 'worker-host:1000', 1,
             c, c + interval '2 seconds', c + interval '3 seconds', c + interval '5 seconds'
      from (select g, case when g % 10 = 0 then 'Error' else 'Ready' end as st,
                   now() - interval '1 hour' - (g * interval '37 seconds') as c
            from generate_series(1, ${existing}) g) s`;
    await client`
      insert into job_files (job_id, kind, name, content_type, size, path)
      select id, 'order', 'invoice-' || id || '.txt', 'text/plain', 1024,
             'systems/' || system_id || '/jobs/' || id || '/order/invoice-' || id || '.txt'
      from jobs where system_id = ${system.id}`;
    await client`vacuum (analyze) jobs`;
    await client`vacuum (analyze) job_files`;
  } finally {
    await client.end({ timeout: 5 });
  }
  out({
    systemId: system.id,
    systemName: system.name,
    creator: creator.name,
    managers,
    password: PASSWORD,
    projectName: project.name,
  });
}

runCommand("load-helper", { setup });
