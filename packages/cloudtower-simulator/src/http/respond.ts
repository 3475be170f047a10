import type { ServerResponse } from 'node:http';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
const PADDING_CHUNK = ' '.repeat(64 * 1024);

/**
 * Sends a JSON body; with `paddingBytes` streams that much JSON whitespace first (still valid JSON,
 * only big), honouring backpressure. `done` runs when the answer is finished or the client went away.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  paddingBytes = 0,
  done?: () => void,
): void {
  const text = JSON.stringify(body);
  let finished = false;
  const finish = () => {
    if (!finished) {
      finished = true;
      done?.();
    }
  };
  res.on('close', finish);
  if (paddingBytes <= 0) {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text, finish);
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  let left = paddingBytes;
  const pump = () => {
    while (left > 0) {
      if (res.destroyed) return;
      const chunk =
        left >= PADDING_CHUNK.length
          ? PADDING_CHUNK
          : PADDING_CHUNK.slice(0, left);
      left -= chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end(text, finish);
  };
  pump();
}

/** An HTML error page like a reverse proxy's (nginx): what a gateway or a crashed upstream answers. */
export function sendHtml(
  res: ServerResponse,
  status: number,
  done?: () => void,
): void {
  const title = `${status} ${STATUS_TEXT[status] ?? ''}`.trim();
  const text = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  res.writeHead(status, {
    'content-type': 'text/html',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text, done);
}

export function sendMalformed(res: ServerResponse, done?: () => void): void {
  const text = '{"data":{"labels":[{"id":"c0000000001<!-- upstream reset -->';
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text, done);
}

/** Sends the headers and the start of a body, then never finishes. */
export function stallMidBody(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.write('{"data":{"labels":[');
}
