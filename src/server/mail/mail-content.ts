import type { Language } from "../../shared/language.ts";

export interface MailContent {
  /** The name of each form as the team reads it. */
  forms: { contact: string; registration: string };
  submission: {
    subjectContact: (name: string) => string;
    subjectRegistration: (name: string) => string;
    intro: (form: string) => string;
    name: string;
    email: string;
    phone: string;
    noPhone: string;
    message: string;
    open: string;
    replyHint: string;
  };
  registration: {
    subject: string;
    greeting: string;
    received: string;
    duration: string;
    sessions: string;
    /** Between the day and the time: «كل سبت، ٧:٠٠–٨:٣٠ م». */
    comma: string;
    /** After the time, as the site names the zone of its schedule. */
    timeZone: string;
    next: string;
    signature: string;
    unsolicited: string;
  };
  invite: { subject: string; body: string; action: string; expiry: string; unsolicited: string };
  recovery: { subject: string; body: string; action: string; expiry: string; unsolicited: string };
}

const ar: MailContent = {
  forms: { contact: "صفحة التواصل", registration: "التسجيل في برنامج المتكلم" },
  submission: {
    subjectContact: (name) => `رسالة جديدة من ${name}`,
    subjectRegistration: (name) => `تسجيل جديد في المتكلم: ${name}`,
    intro: (form) => `وصلت مشاركة جديدة من ${form}.`,
    name: "الاسم",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    noPhone: "لم يُذكر",
    message: "الرسالة",
    open: "افتحها في صندوق الوارد",
    replyHint: "الرد على هذه الرسالة يصل إلى المرسل مباشرة.",
  },
  registration: {
    subject: "استلمنا تسجيلك في برنامج المتكلم",
    greeting: "أهلًا بك،",
    received: "شكرًا لتسجيلك في برنامج المتكلم. وصلنا طلبك، وسيتواصل معك فريق كلمة قريبًا.",
    duration: "المدة",
    sessions: "الجلسات الجماعية",
    comma: "،",
    timeZone: "بتوقيت الأردن",
    next: "لا حاجة إلى الرد على هذه الرسالة.",
    signature: "فريق كلمة",
    unsolicited: "إن لم تسجّل أنت، فتجاهل هذه الرسالة.",
  },
  invite: {
    subject: "دعوة إلى صندوق وارد فريق كلمة",
    body: "دُعيت إلى صندوق وارد فريق كلمة. افتح الرابط لتختار كلمة مرور وتربط تطبيق المصادقة.",
    action: "قبول الدعوة",
    expiry: "يعمل الرابط مرة واحدة خلال ٢٤ ساعة.",
    unsolicited: "إن لم تكن تنتظر هذه الدعوة، فتجاهل هذه الرسالة.",
  },
  recovery: {
    subject: "إعادة تعيين كلمة المرور",
    body: "طُلبت إعادة تعيين كلمة المرور لحسابك في صندوق وارد فريق كلمة. افتح الرابط لتختار كلمة جديدة.",
    action: "اختيار كلمة مرور جديدة",
    expiry: "يعمل الرابط مرة واحدة خلال ٢٤ ساعة.",
    unsolicited: "إن لم تطلب ذلك، فتجاهل هذه الرسالة: كلمة مرورك لم تتغير.",
  },
};

const en: MailContent = {
  forms: { contact: "the contact page", registration: "the Mutakallim registration" },
  submission: {
    subjectContact: (name) => `New message from ${name}`,
    subjectRegistration: (name) => `New Mutakallim registration: ${name}`,
    intro: (form) => `A new submission arrived from ${form}.`,
    name: "Name",
    email: "Email",
    phone: "Phone",
    noPhone: "Not given",
    message: "Message",
    open: "Open it in the inbox",
    replyHint: "Replying to this mail writes to the sender directly.",
  },
  registration: {
    subject: "Your Mutakallim registration is received",
    greeting: "Hello,",
    received:
      "Thank you for registering for the Mutakallim program. We have your registration, and the Kalima team will contact you soon.",
    duration: "Duration",
    sessions: "Group sessions",
    comma: ",",
    timeZone: "Jordan time",
    next: "There is no need to reply to this mail.",
    signature: "The Kalima team",
    unsolicited: "If you did not register, please ignore this mail.",
  },
  invite: {
    subject: "You've been invited to the Kalima team's inbox",
    body: "You have been invited to the Kalima team's inbox. Open the link to choose a password and set up your authenticator app.",
    action: "Accept the invitation",
    expiry: "The link works once, within 24 hours.",
    unsolicited: "If you were not expecting this invitation, please ignore this mail.",
  },
  recovery: {
    subject: "Reset your password",
    body: "A password reset was requested for your account in the Kalima team's inbox. Open the link to choose a new password.",
    action: "Choose a new password",
    expiry: "The link works once, within 24 hours.",
    unsolicited:
      "If you did not ask for this, please ignore this mail: your password has not changed.",
  },
};

export const mailContent: Record<Language, MailContent> = { ar, en };
