// The SMTP server of test/smtp.ts when it plays a provider (slow to accept, refusing bursts): it runs in a
// thread of its own, as a provider runs on its own machine, so that pauses of the process under test (a
// render, an embedded-database query) cannot bunch up the arrivals it counts.
import { parentPort, workerData } from "node:worker_threads";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const { port, delayMs, perSecond } = workerData;
// When each accepted message began: a sliding second, the strictest way to count one.
const accepted = [];
const acks = new Map();
let next = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  closeTimeout: 100,
  onMailFrom(_address, _session, callback) {
    if (perSecond !== undefined) {
      const now = performance.now();
      while (accepted.length > 0 && accepted[0] <= now - 1000) accepted.shift();
      if (accepted.length >= perSecond) {
        parentPort.postMessage({ type: "refused" });
        return callback(Object.assign(new Error("4.7.0 Too many messages, slow down"), { responseCode: 450 }));
      }
      accepted.push(now);
    }
    callback();
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then(async (mail) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        // Accepted only once the test's mailbox holds it.
        const id = next++;
        acks.set(id, () => callback());
        parentPort.postMessage({ type: "mail", id, mail });
      })
      .catch(callback);
  },
});

parentPort.on("message", (message) => {
  if (message.type === "ack") {
    acks.get(message.id)?.();
    acks.delete(message.id);
  } else if (message.type === "stop") {
    server.close(() => parentPort.postMessage({ type: "stopped" }));
  }
});

server.listen(port, "127.0.0.1", () =>
  parentPort.postMessage({ type: "listening", port: server.server.address().port }),
);
