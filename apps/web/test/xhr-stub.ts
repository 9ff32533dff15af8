// A stand-in XMLHttpRequest for the upload tests (the API client uploads through XHR to report progress): it
// reports upload progress in two steps, then answers `answer` after `answerAfterMs`. Returns what was sent.
import { vi } from 'vitest';

export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
}

export function stubXhr(answer: { status: number; body: unknown }, answerAfterMs = 30): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = new EventTarget();
    private listeners = new EventTarget();
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, fn: EventListener) {
      this.listeners.addEventListener(type, fn);
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {}
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      const progress = (loaded: number) =>
        Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 200 });
      setTimeout(() => this.upload.dispatchEvent(progress(50)), 0);
      setTimeout(() => {
        this.upload.dispatchEvent(progress(200));
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.listeners.dispatchEvent(new Event('load'));
      }, answerAfterMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
