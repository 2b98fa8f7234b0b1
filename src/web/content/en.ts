import type { Content } from "./types.ts";

export const en: Content = {
  siteName: "Kalima",
  documentTitle: (pageTitle) => `${pageTitle} | Kalima`,
  ogLocale: "en_US",
  ogImageAlt:
    "Kalima's name in gold Arabic calligraphy on deep blue, above “The power of the word”",
  skipLink: "Skip to content",
  nav: {
    label: "Main",
    home: "Home",
    about: "About",
    programs: "Programs",
    mutakallim: "Speaker Program",
    mutaallem: "Learner Program",
    asdaaKalima: "Echoes of Kalima",
    community: "Community",
    contact: "Contact Us",
    privacy: "Privacy",
  },
  header: {
    homeLink: "Kalima, home",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    register: "Register",
  },
  languageSwitch: { label: "العربية", lang: "ar" },
  footer: {
    description:
      "Kalima is a non-profit media and community initiative. We believe a mindful word builds confident people and kinder communities.",
    followUs: "Follow us",
    explore: "Explore",
    copyright: (year) => `© ${year} Kalima. All rights reserved.`,
    opensInNewTab: "(opens in a new tab)",
  },
  social: {
    instagram: "Instagram",
    x: "X",
    youtube: "YouTube",
    tiktok: "TikTok",
    facebook: "Facebook",
  },
  timeZone: "Jordan time",
  meta: {
    home: {
      title: "Home",
      description:
        "Kalima is a non-profit initiative about the power of the word: awareness, speaking, self-esteem and positive impact. Weekly programs and the Mutakallim speaking course.",
    },
    about: {
      title: "About",
      description: "Meet Kalima: the philosophy, vision, mission and values behind the initiative.",
    },
    programs: {
      title: "Programs",
      description:
        "Six weekly programs on the book, the heart, the secret, leadership, the voice and the tone, with their times and where to watch.",
    },
    mutakallim: {
      title: "Mutakallim",
      description:
        "Mutakallim is a three-month public speaking program with group sessions every Saturday. Register now.",
    },
    mutaallem: {
      title: "Mutaallem",
      description: "Mutaallem, Kalima's e-learning platform, is coming soon.",
    },
    asdaaKalima: {
      title: "Asdaa Kalima",
      description: "Asdaa Kalima, live events for the Kalima community, is coming soon.",
    },
    community: {
      title: "Community",
      description:
        "The Kalima community and its ripple stories: how an honest word changed a path.",
    },
    privacy: {
      title: "Privacy",
      description:
        "What Kalima keeps when you write to us or register, who reads it, for how long, and how to have it erased.",
    },
    contact: {
      title: "Contact Us",
      description:
        "Write to the Kalima team with a question, an idea or an offer to collaborate. We read and answer every message.",
    },
    notFound: {
      title: "Page Not Found",
      description: "Sorry, we couldn't find the page you're looking for.",
    },
    error: {
      title: "Unexpected Error",
      description: "Something unexpected went wrong while showing this page.",
    },
  },
  home: {
    hero: {
      eyebrow: "The Kalima initiative",
      quote: "A single word can change a life",
      lead: "We believe a mindful word makes a confident person, and that those who listen well before they speak leave a mark that lasts.",
      cta: "Get in touch",
    },
    phrases: [
      "الكلمة الطيبة",
      "قوة الكلمة",
      "تكلّم حتى أراك",
      "أثر الكلمة",
      "الكلمة أمانة",
      "كلمة صادقة",
      "بالكلمة نرتقي",
    ],
    philosophy: {
      title: "Our philosophy",
      text: "A word is not a sound that fades; it is an act that stays. Words build trust or break it, bring people closer or push them apart. So we start from within: awareness of what we say, respect for whom we speak to, and the courage to say what is true, kindly.",
      points: [
        "Awareness comes before speech: know yourself and you will know what to say.",
        "Every word is a responsibility we answer for ourselves first.",
        "Confidence is a skill built by practice, not a gift for the few.",
        "A good word keeps working long after the conversation ends.",
      ],
    },
    programs: {
      title: "Our weekly programs",
      lead: "Six meetings a week, each opening a different door into the word.",
      cta: "Explore the programs",
    },
    identity: {
      title: "Who we are",
      text: "Kalima is a non-profit media and community initiative of speakers, educators and creators who believe that empowering people starts with their voice. We run weekly programs, a training course in public speaking, and a safe space where every voice can practise being heard.",
    },
    values: {
      title: "Our values",
      lead: "Four values we return to in everything we make.",
    },
    stories: {
      title: "Stories from our community",
      lead: "Voices that found their words with us.",
    },
    closing: {
      title: "Your word is waiting",
      text: "Whether you want to learn, take part or work with us, we read and answer every message.",
      cta: "Get in touch",
    },
  },
  values: [
    {
      icon: "awareness",
      title: "Awareness",
      text: "Knowing what you say and why, and listening before you speak.",
    },
    {
      icon: "speech",
      title: "The power of the word",
      text: "The right word in the right place opens a door; the wrong one closes many.",
    },
    {
      icon: "dignity",
      title: "Self-esteem",
      text: "Your voice deserves to be heard, and dignity is the ground of every conversation.",
    },
    {
      icon: "impact",
      title: "Positive impact",
      text: "We measure our success by what our words leave in people's lives.",
    },
  ],
  programs: [
    {
      title: "Between the Covers",
      summary: "One book a week, read together, for a richer mind and a finer tongue.",
    },
    {
      title: "Words from the Heart",
      summary: "How to say what we feel honestly, and listen to others with an open heart.",
    },
    {
      title: "The Secret of the Word",
      summary: "Why do some words stay with us while others fade? The secrets of influence.",
    },
    {
      title: "Leading with Words",
      summary: "Leaders are known by their words: how to inspire, persuade and unite a team.",
    },
    {
      title: "Your Voice, Your Identity",
      summary: "Practical work on voice, breath and posture, so you sound clear and sure.",
    },
    {
      title: "The Tone That Stays",
      summary: "Tone says more than words. Learn to choose the right one for every moment.",
    },
  ],
  stories: [
    {
      quote:
        "I used to shake before every investor pitch. Now I walk in knowing what I will say and why.",
      author: "Sara M.",
      context: "Entrepreneur",
    },
    {
      quote:
        "I learned that the silence before a word is part of it. I talk less now, and people listen more.",
      author: "Youssef A.",
      context: "University student",
    },
    {
      quote:
        "I changed my tone in class and my students changed how they listen. A calm word beats a raised voice.",
      author: "Ms. Mona",
      context: "Teacher",
    },
  ],
  about: {
    title: "About Kalima",
    lead: "A non-profit initiative built on the belief that words are the first tool of change.",
    philosophy: {
      title: "Our philosophy",
      text: "We see a word as an act, not a sound; a responsibility, not an ornament. So we do not only teach people how to speak, but how to think before they speak, how to listen, and how to respect the person in front of them. Words that come from awareness reach the heart, and stay.",
    },
    vision: {
      title: "Our vision",
      text: "An Arab world where people express themselves with confidence and respect, so that their words build bridges rather than walls.",
    },
    mission: {
      title: "Our mission",
      text: "We create meaningful content, training programs and spaces for dialogue that grow awareness of the word, speaking skills and self-esteem, open to everyone.",
    },
    valuesTitle: "Our values",
  },
  programsPage: {
    title: "Our Programs",
    lead: "Six weekly programs, each with a fixed slot and its own door into the word. Choose one to see when it airs and where to watch.",
    scheduleOnly: {
      lead: "Six weekly programs, each with a fixed slot and its own door into the word. Choose one to see when it airs.",
      description:
        "Six weekly programs on the book, the heart, the secret, leadership, the voice and the tone, with their times.",
    },
    weekly: "Every week",
    day: "Day",
    time: "Time",
    watch: "Watch on YouTube",
  },
  mutakallim: {
    title: "The Mutakallim Program",
    lead: "Three months to find your voice and stand with confidence before any audience.",
    description:
      "Mutakallim (the speaker) is a training program in public speaking. We start from within, with confidence and awareness, move on to the tools of voice, body and message, and finish with a real talk in front of a real audience. Small groups, hands-on practice, and support to the very last day.",
    formatTitle: "Program format",
    format: [
      {
        term: "Interactive workshops",
        definition:
          "Live sessions on the foundations of speaking and building a message, learned by doing.",
      },
      {
        term: "Hands-on practice",
        definition:
          "Every participant stands up and speaks in every session: skill only comes with practice.",
      },
      {
        term: "Feedback",
        definition:
          "Specific, kind notes from the coach and peers after each talk, so you know where you are growing.",
      },
      {
        term: "Closing stage",
        definition: "The program ends with each participant giving a talk to a real audience.",
      },
    ],
    structureTitle: "Program structure",
    duration: { term: "Duration", definition: "Three months" },
    sessions: { term: "Group sessions" },
    registerCta: "Register for the program",
    formTitle: "Register for the program",
    formLead: "Leave your details and we will contact you about the next cohort.",
  },
  comingSoon: {
    mutaallem: {
      title: "Mutaallem",
      text: "An e-learning platform that puts Kalima's lessons in your hands, to learn at your own pace.",
    },
    asdaaKalima: {
      title: "Asdaa Kalima",
      text: "Live events where the Kalima community meets face to face, so that good words echo in the room.",
    },
    status: "Coming Soon",
  },
  community: {
    commitment: {
      title: "Our commitment",
      text: "We are committed to keeping Kalima a safe and respectful space, where every voice is heard and every word is spoken with kindness and care.",
    },
    title: "The Kalima Community",
    lead: "People of every age and profession, brought together by the belief that an honest word makes a difference.",
    storiesTitle: "Ripple stories",
  },
  contact: {
    title: "Contact Us",
    lead: "A question, an idea or an offer to collaborate? Write to us: our team reads and answers every message.",
    formTitle: "Send a message",
    toRegistration: {
      text: "Want to join the Speaker Program? It has a registration form of its own, which goes straight to the program's team.",
      link: "Register for the Speaker Program",
    },
    socialTitle: "Follow us on",
  },
  notFound: {
    code: "404",
    title: "Page Not Found",
    text: "Sorry, we couldn't find the page you're looking for.",
    back: "Back to Home",
  },
  routeError: {
    title: "Unexpected Application Error",
    back: "Back to Home",
    statusText: (status) => `Error ${status}`,
  },
  form: {
    name: "Name",
    email: "Email",
    phone: "Phone",
    message: "Message",
    question: "What is 2 + 3?",
    questionHint: "Answer this question to verify you are human.",
    optional: "(optional)",
    website: "Leave this field empty",
    errorSummaryTitle: "There is a problem",
    errors: {
      nameMissing: "Enter your name.",
      emailMissing: "Enter your email address.",
      emailShape: "Enter an email address in the correct format, like name@example.com.",
      messageMissing: "Enter your message.",
      answerMissing: "Answer the verification question.",
      answerWrong: "That is not the answer: write the result of 2 + 3.",
    },
    contact: { submit: "Send Message", submitting: "Sending..." },
    mutakallim: { submit: "Register Now", submitting: "Registering..." },
    privacy: {
      kept: "Only the Kalima team reads what you send here: your name, email, phone if you give one, and message.",
      erase:
        "To have it erased, write to us from the contact page with the same email address and ask: we erase everything sent from it.",
      link: "How we handle your data",
    },
    sent: {
      contact: {
        title: "Your message has reached us",
        text: "Thank you for writing. A member of the Kalima team reads every message.",
        replyTo: "We will answer you at",
        next: "We answer by email, usually within a few days.",
        again: "Write another message",
      },
      mutakallim: {
        title: "Your registration for Mutakallim has reached us",
        text: "Thank you for registering. The team will write to you about the next group's start.",
        replyTo: "We will write to you at",
        confirmation:
          "A confirmation with the program's schedule usually arrives within minutes. If none comes, look in your spam folder: your registration is kept either way.",
        again: "Register someone else",
      },
    },
  },
  privacy: {
    title: "Privacy",
    lead: "What we keep when you write to us or register, who reads it, for how long, and how to have it erased.",
    kept: {
      title: "What we keep",
      paragraphs: [
        "The contact form and the Mutakallim registration keep what you type: your name, your email address, your phone number if you give one, and your message; with them, which form you used, the language of the page, and when you sent it.",
        "The team adds its own notes and a status (new, in progress, done) to each message, and keeps a history of those changes.",
      ],
    },
    readers: {
      title: "Who reads it",
      paragraphs: [
        "Only members of the Kalima team, each signed in with a password and a code from an authenticator app. We do not sell, share or publish what you send.",
        "When the site's mail is set up, the team is told of each new message by email, and a registration gets a confirmation with the program's schedule; that confirmation repeats none of your words.",
      ],
    },
    howLong: {
      title: "How long",
      paragraphs: ["A member of the team can also delete a message sooner, at any time."],
    },
    erasure: {
      title: "Having it erased",
      paragraphs: [
        "Write to us from the contact page with the email address you used and ask us to erase your data. The team erases every message sent from that address at once, with its notes and history.",
        "We keep only a record that an erasure happened, when and by whom, without your words or your address.",
      ],
    },
    other: {
      title: "What else",
      paragraphs: [
        "To stop floods of messages, the server keeps, for a day, a scrambled form of your network address that cannot be read back; its log of requests notes network addresses for security.",
        "The site sets one cookie, the language you chose. There are no advertising or analytics trackers.",
      ],
    },
    retention: ({ spamDays, keepMonths }, write) => {
      const days = `${write(spamDays)} ${spamDays === 1 ? "day" : "days"}`;
      if (keepMonths === null) {
        return `A message stays until the team deletes it; what is marked as spam is deleted after ${days}.`;
      }
      const months = `${write(keepMonths)} ${keepMonths === 1 ? "month" : "months"}`;
      return `Every message is deleted after ${months} at most; what is marked as spam after ${days}.`;
    },
  },
  toasts: {
    region: "Notifications",
    close: "Close",
    verificationFailed: {
      title: "Verification Failed",
      description: "Please answer the question correctly.",
    },
    contactFailed: {
      title: "Submission Failed",
      description: "An error occurred. Please try again.",
    },
    contactSent: {
      title: "Success!",
      description: "Thank you for your message. We'll get back to you soon.",
    },
    registrationFailed: {
      title: "Registration Failed",
      description: "An error occurred. Please try again.",
    },
    registrationSent: {
      title: "Success!",
      description: "Thank you for registering. We'll be in touch soon.",
    },
    tooManyMessages: {
      title: "Too many messages from this connection",
      description: (wait) =>
        `We have received many messages from this connection in a short time. Please try again ${wait ?? "later"}.`,
    },
    signUpFailed: "Sign up Failed",
    signInFailed: "Sign in Failed",
    signOutFailed: "Sign out Failed",
    somethingWentWrong: "Something went wrong",
  },
};
