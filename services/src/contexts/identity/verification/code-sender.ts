/**
 * Where one-time codes go. The embedded platform has no SMS or mail provider, so its sender prints each
 * message on the server console; a provider's adapter implements the same two methods.
 */
export interface CodeSender {
  sendSms(phone: string, text: string): Promise<void>;
  sendEmail(email: string, subject: string, text: string): Promise<void>;
}

export interface SentMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  text: string;
  at: Date;
}

/** How many messages per recipient the console sender remembers. */
const KEPT_PER_RECIPIENT = 5;

export class ConsoleCodeSender implements CodeSender {
  private readonly sent = new Map<string, SentMessage[]>();

  constructor(private readonly print: (line: string) => void = (line) => console.log(line)) {}

  async sendSms(phone: string, text: string): Promise<void> {
    this.keep({ channel: 'sms', to: phone, subject: null, text, at: new Date() });
    this.print(`[sms → ${phone}] ${text}`);
  }

  async sendEmail(email: string, subject: string, text: string): Promise<void> {
    this.keep({ channel: 'email', to: email, subject, text, at: new Date() });
    this.print(`[email → ${email}] ${subject}: ${text.replace(/\s+/g, ' ')}`);
  }

  /**
   * The last message sent to a recipient, for tests that play the user reading their phone. Only code
   * in the same process reaches it; nothing serves it over HTTP.
   */
  lastMessageTo(recipient: string): SentMessage | undefined {
    return this.sent.get(recipient.toLowerCase())?.at(-1);
  }

  private keep(message: SentMessage): void {
    const key = message.to.toLowerCase();
    const list = [...(this.sent.get(key) ?? []), message].slice(-KEPT_PER_RECIPIENT);
    this.sent.set(key, list);
  }
}

/**
 * The sender the identity routes use. Until the configuration names an SMS or mail provider, this is the
 * console sender; black-box tests start the platform in their own process and read codes from it.
 */
export const embeddedCodeSender = new ConsoleCodeSender();
