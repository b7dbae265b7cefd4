// The bodies the benches post as jobs (bench/jobs.mjs, bench/load.mjs), put together by hand: the client shares the
// machine's cores with the server, and a multipart body of concatenated buffers costs it far less than FormData.

/** An invoice of about `bytes` bytes, numbered `n`. */
export function invoiceText(n, bytes = 1024) {
  const head = [
    "ACME Office Supplies GmbH, Industriestrasse 12, 70565 Stuttgart",
    `Invoice No. INV-2026-${String(n).padStart(6, "0")}`,
    "Date: 2026-11-02",
    "Customer: Example Corp, Musterstrasse 1, 10115 Berlin",
    "",
    "Pos  Description                      Qty      Price",
  ];
  const tail = ["", `Total: EUR ${(100 + (n % 900)).toFixed(2)}`, "Amount due within 14 days. Thank you for your order."];
  const lines = [...head];
  for (let i = 1; [...lines, ...tail].join("\n").length < bytes - 60; i++)
    lines.push(`${String(i).padStart(3)}  Paper A4 80 g, box of 2500 sheets   ${String((i % 7) + 1).padStart(3)}    24.90`);
  return Buffer.from([...lines, ...tail].join("\n"));
}

/** The multipart body of a job: one invoice text of about 1 KB and the meta JSON. */
export function jobBody(projectName, n, client = "bench intake") {
  const boundary = `----bench${n}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice-${n}.txt"\r\n` +
        "Content-Type: text/plain\r\n\r\n",
    ),
    invoiceText(n),
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n` +
        `${JSON.stringify({ projectName, client, priority: 5 })}\r\n--${boundary}--\r\n`,
    ),
  ]);
  return {
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.byteLength },
  };
}
