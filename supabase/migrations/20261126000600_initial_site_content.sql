-- The site's first content: today's words, schedule and links (empty: an install names its own
-- accounts), as the first drafts and the first published version, so a new install shows exactly
-- what the site showed before the team could edit it. An install that already has content keeps
-- it. src/web/content/initial-site-content.ts builds the same document from the content
-- modules, and a test holds the two together until the pages render from the database.

insert into public.site_content_drafts (section, body)
select entry.key, entry.value
  from pg_catalog.jsonb_each($content${
  "programs": [
    {
      "id": "between-the-covers",
      "title": {
        "ar": "بين دفتي كتاب",
        "en": "Between the Covers"
      },
      "summary": {
        "ar": "نقرأ معًا كتابًا كل أسبوع، ونستخرج منه ما يغني الفكر ويهذّب اللسان.",
        "en": "One book a week, read together, for a richer mind and a finer tongue."
      },
      "day": 0,
      "start": "21:00",
      "youtube": ""
    },
    {
      "id": "heart-to-heart",
      "title": {
        "ar": "حديث القلب",
        "en": "Words from the Heart"
      },
      "summary": {
        "ar": "كيف نقول ما نشعر به بصدق، ونصغي لمن حولنا بقلوب مفتوحة.",
        "en": "How to say what we feel honestly, and listen to others with an open heart."
      },
      "day": 1,
      "start": "08:00",
      "youtube": ""
    },
    {
      "id": "secret-of-the-word",
      "title": {
        "ar": "سر الكلمة",
        "en": "The Secret of the Word"
      },
      "summary": {
        "ar": "ما الذي يجعل كلمة تبقى في الذاكرة وأخرى تمضي؟ نكشف أسرار التأثير.",
        "en": "Why do some words stay with us while others fade? The secrets of influence."
      },
      "day": 2,
      "start": "21:00",
      "youtube": ""
    },
    {
      "id": "leading-by-the-word",
      "title": {
        "ar": "القيادة بالكلمة",
        "en": "Leading with Words"
      },
      "summary": {
        "ar": "القائد يُعرف بكلماته: كيف تلهم فريقك وتقنعه وتقوده نحو هدف واحد.",
        "en": "Leaders are known by their words: how to inspire, persuade and unite a team."
      },
      "day": 3,
      "start": "19:00",
      "youtube": ""
    },
    {
      "id": "your-voice",
      "title": {
        "ar": "صوتك هويتك",
        "en": "Your Voice, Your Identity"
      },
      "summary": {
        "ar": "تمارين عملية للصوت والتنفس والوقفة، ليخرج صوتك واثقًا واضحًا.",
        "en": "Practical work on voice, breath and posture, so you sound clear and sure."
      },
      "day": 4,
      "start": "21:00",
      "youtube": ""
    },
    {
      "id": "tone-of-impact",
      "title": {
        "ar": "نبرة الأثر",
        "en": "The Tone That Stays"
      },
      "summary": {
        "ar": "النبرة تقول أكثر مما تقوله الكلمات. نتعلم كيف نختارها لكل مقام.",
        "en": "Tone says more than words. Learn to choose the right one for every moment."
      },
      "day": 5,
      "start": "17:00",
      "youtube": ""
    }
  ],
  "mutakallim": {
    "description": {
      "ar": "المتكلم برنامج تدريبي في فن الإلقاء والحديث أمام الناس. نبدأ من الداخل بالثقة والوعي، ثم ننتقل إلى أدوات الصوت والجسد وبناء الرسالة، وننتهي بوقفة حقيقية أمام جمهور. مجموعات صغيرة، وتدريب عملي، ومرافقة حتى آخر يوم.",
      "en": "Mutakallim (the speaker) is a training program in public speaking. We start from within, with confidence and awareness, move on to the tools of voice, body and message, and finish with a real talk in front of a real audience. Small groups, hands-on practice, and support to the very last day."
    },
    "format": [
      {
        "term": {
          "ar": "ورش تفاعلية",
          "en": "Interactive workshops"
        },
        "definition": {
          "ar": "لقاءات حية نتعلم فيها أسس الإلقاء وبناء الرسالة، بالتجربة لا بالتلقين.",
          "en": "Live sessions on the foundations of speaking and building a message, learned by doing."
        }
      },
      {
        "term": {
          "ar": "تطبيق عملي",
          "en": "Hands-on practice"
        },
        "definition": {
          "ar": "يقف كل مشارك في كل جلسة ليتحدث، فالمهارة لا تُكتسب إلا بالممارسة.",
          "en": "Every participant stands up and speaks in every session: skill only comes with practice."
        }
      },
      {
        "term": {
          "ar": "تغذية راجعة",
          "en": "Feedback"
        },
        "definition": {
          "ar": "ملاحظات محددة ولطيفة من المدرب والزملاء بعد كل وقفة، لتعرف أين تتقدم.",
          "en": "Specific, kind notes from the coach and peers after each talk, so you know where you are growing."
        }
      },
      {
        "term": {
          "ar": "منصة ختامية",
          "en": "Closing stage"
        },
        "definition": {
          "ar": "يختتم المشاركون البرنامج بكلمة يلقونها أمام جمهور حقيقي.",
          "en": "The program ends with each participant giving a talk to a real audience."
        }
      }
    ],
    "duration": {
      "ar": "ثلاثة أشهر",
      "en": "Three months"
    },
    "sessions": {
      "day": 6,
      "start": "19:00",
      "end": "20:30"
    }
  },
  "links": {
    "instagram": "",
    "x": "",
    "youtube": "",
    "tiktok": "",
    "facebook": ""
  },
  "values": [
    {
      "icon": "awareness",
      "title": {
        "ar": "الوعي",
        "en": "Awareness"
      },
      "text": {
        "ar": "أن تعرف ما تقول ولماذا تقوله، وأن تصغي قبل أن تتكلم.",
        "en": "Knowing what you say and why, and listening before you speak."
      }
    },
    {
      "icon": "speech",
      "title": {
        "ar": "قوة الكلمة",
        "en": "The power of the word"
      },
      "text": {
        "ar": "كلمة في موضعها تفتح بابًا، وكلمة في غير موضعها تغلق أبوابًا.",
        "en": "The right word in the right place opens a door; the wrong one closes many."
      }
    },
    {
      "icon": "dignity",
      "title": {
        "ar": "تقدير الذات",
        "en": "Self-esteem"
      },
      "text": {
        "ar": "صوتك جدير بأن يُسمع، وكرامتك أساس كل حوار.",
        "en": "Your voice deserves to be heard, and dignity is the ground of every conversation."
      }
    },
    {
      "icon": "impact",
      "title": {
        "ar": "الأثر الإيجابي",
        "en": "Positive impact"
      },
      "text": {
        "ar": "نقيس نجاحنا بما تتركه الكلمة في حياة الناس.",
        "en": "We measure our success by what our words leave in people's lives."
      }
    }
  ],
  "stories": [
    {
      "quote": {
        "ar": "كنت أرتجف قبل كل عرض أمام المستثمرين. اليوم أدخل القاعة وأنا أعرف ما أقول ولماذا أقوله.",
        "en": "I used to shake before every investor pitch. Now I walk in knowing what I will say and why."
      },
      "author": {
        "ar": "سارة م.",
        "en": "Sara M."
      },
      "context": {
        "ar": "رائدة أعمال",
        "en": "Entrepreneur"
      }
    },
    {
      "quote": {
        "ar": "تعلمت أن الصمت قبل الكلمة جزء منها. صرت أتحدث أقل، ويُصغى إليّ أكثر.",
        "en": "I learned that the silence before a word is part of it. I talk less now, and people listen more."
      },
      "author": {
        "ar": "يوسف ع.",
        "en": "Youssef A."
      },
      "context": {
        "ar": "طالب جامعي",
        "en": "University student"
      }
    },
    {
      "quote": {
        "ar": "غيّرت نبرة صوتي في الفصل، فتغيّر إصغاء طلابي. الكلمة الهادئة أقوى من الصراخ.",
        "en": "I changed my tone in class and my students changed how they listen. A calm word beats a raised voice."
      },
      "author": {
        "ar": "أ. منى",
        "en": "Ms. Mona"
      },
      "context": {
        "ar": "معلمة",
        "en": "Teacher"
      }
    }
  ],
  "pages": {
    "meta": {
      "home": {
        "title": {
          "ar": "الرئيسية",
          "en": "Home"
        },
        "description": {
          "ar": "كلمة مبادرة غير ربحية عن قوة الكلمة: الوعي، وفن الحديث، وتقدير الذات، والأثر الإيجابي. برامج أسبوعية وبرنامج المتكلم لمهارات الإلقاء.",
          "en": "Kalima is a non-profit initiative about the power of the word: awareness, speaking, self-esteem and positive impact. Weekly programs and the Mutakallim speaking course."
        }
      },
      "about": {
        "title": {
          "ar": "عن المنصة",
          "en": "About"
        },
        "description": {
          "ar": "تعرّف إلى كلمة: فلسفتها ورؤيتها ورسالتها والقيم التي تقوم عليها.",
          "en": "Meet Kalima: the philosophy, vision, mission and values behind the initiative."
        }
      },
      "programs": {
        "title": {
          "ar": "برامجنا",
          "en": "Programs"
        },
        "description": {
          "ar": "ستة برامج أسبوعية عن الكتاب والقلب والسر والقيادة والصوت والنبرة، بمواعيدها وروابط مشاهدتها.",
          "en": "Six weekly programs on the book, the heart, the secret, leadership, the voice and the tone, with their times and where to watch."
        }
      },
      "mutakallim": {
        "title": {
          "ar": "برنامج المتكلم",
          "en": "Mutakallim"
        },
        "description": {
          "ar": "المتكلم برنامج لمهارات الإلقاء والحديث مدته ثلاثة أشهر، بجلسات جماعية كل سبت. سجّل الآن.",
          "en": "Mutakallim is a three-month public speaking program with group sessions every Saturday. Register now."
        }
      },
      "mutaallem": {
        "title": {
          "ar": "برنامج المتعلم",
          "en": "Mutaallem"
        },
        "description": {
          "ar": "المتعلم منصة تعليمية إلكترونية من كلمة، قريبًا.",
          "en": "Mutaallem, Kalima's e-learning platform, is coming soon."
        }
      },
      "asdaaKalima": {
        "title": {
          "ar": "أصداء كلمة",
          "en": "Asdaa Kalima"
        },
        "description": {
          "ar": "أصداء كلمة فعاليات حية تجمع مجتمع كلمة، قريبًا.",
          "en": "Asdaa Kalima, live events for the Kalima community, is coming soon."
        }
      },
      "community": {
        "title": {
          "ar": "المجتمع",
          "en": "Community"
        },
        "description": {
          "ar": "مجتمع كلمة وقصص الأثر: كيف غيّرت كلمة صادقة طريق أصحابها.",
          "en": "The Kalima community and its ripple stories: how an honest word changed a path."
        }
      },
      "contact": {
        "title": {
          "ar": "تواصل معنا",
          "en": "Contact Us"
        },
        "description": {
          "ar": "راسل فريق كلمة: سؤال أو فكرة أو رغبة في التعاون، نقرأ كل رسالة ونرد عليها.",
          "en": "Write to the Kalima team with a question, an idea or an offer to collaborate. We read and answer every message."
        }
      },
      "privacy": {
        "title": {
          "ar": "الخصوصية",
          "en": "Privacy"
        },
        "description": {
          "ar": "ما تحفظه كلمة حين تراسلها أو تسجّل في برامجها، ومن يقرؤه، وإلى متى، وكيف تطلب محوه.",
          "en": "What Kalima keeps when you write to us or register, who reads it, for how long, and how to have it erased."
        }
      }
    },
    "home": {
      "hero": {
        "eyebrow": {
          "ar": "مبادرة كلمة",
          "en": "The Kalima initiative"
        },
        "quote": {
          "ar": "كلمةٌ واحدة قد تغيّر حياة",
          "en": "A single word can change a life"
        },
        "lead": {
          "ar": "نؤمن بأن الكلمة الواعية تصنع إنسانًا واثقًا، وأن من يحسن الإصغاء ثم الحديث يترك في الناس أثرًا لا يزول.",
          "en": "We believe a mindful word makes a confident person, and that those who listen well before they speak leave a mark that lasts."
        }
      },
      "philosophy": {
        "title": {
          "ar": "فلسفتنا",
          "en": "Our philosophy"
        },
        "text": {
          "ar": "الكلمة ليست صوتًا يمضي، بل فعلٌ يبقى. بها نبني الثقة أو نهدمها، ونقرّب القلوب أو نباعد بينها. لذلك نبدأ من الداخل: وعيٌ بما نقول، واحترامٌ لمن نخاطب، وشجاعةٌ في أن نقول الحق بلطف.",
          "en": "A word is not a sound that fades; it is an act that stays. Words build trust or break it, bring people closer or push them apart. So we start from within: awareness of what we say, respect for whom we speak to, and the courage to say what is true, kindly."
        },
        "points": [
          {
            "ar": "الوعي يسبق الكلام، فمن عرف نفسه عرف ما يقول.",
            "en": "Awareness comes before speech: know yourself and you will know what to say."
          },
          {
            "ar": "الكلمة مسؤولية، نحاسب أنفسنا عليها قبل أن يحاسبنا الناس.",
            "en": "Every word is a responsibility we answer for ourselves first."
          },
          {
            "ar": "الثقة مهارة تُكتسب بالتدريب، لا موهبة يولد بها قلة.",
            "en": "Confidence is a skill built by practice, not a gift for the few."
          },
          {
            "ar": "الأثر الطيب يبقى بعد أن ينتهي الحديث.",
            "en": "A good word keeps working long after the conversation ends."
          }
        ]
      },
      "identity": {
        "title": {
          "ar": "من نحن",
          "en": "Who we are"
        },
        "text": {
          "ar": "كلمة مبادرة إعلامية ومجتمعية غير ربحية، يجتمع فيها متحدثون ومربّون وصنّاع محتوى يؤمنون بأن تمكين الإنسان يبدأ من لسانه. نقدّم برامج أسبوعية، وبرنامجًا تدريبيًا في فن الإلقاء، ومساحة آمنة يتدرّب فيها كل صوت على أن يُسمع.",
          "en": "Kalima is a non-profit media and community initiative of speakers, educators and creators who believe that empowering people starts with their voice. We run weekly programs, a training course in public speaking, and a safe space where every voice can practise being heard."
        }
      },
      "closing": {
        "title": {
          "ar": "كلمتك تنتظرك",
          "en": "Your word is waiting"
        },
        "text": {
          "ar": "سواء أردت أن تتعلم، أو تشارك، أو تتعاون معنا، فنحن نقرأ كل رسالة ونرد عليها.",
          "en": "Whether you want to learn, take part or work with us, we read and answer every message."
        }
      }
    },
    "leads": {
      "about": {
        "ar": "مبادرة غير ربحية تؤمن بأن الكلمة أول أدوات التغيير.",
        "en": "A non-profit initiative built on the belief that words are the first tool of change."
      },
      "programs": {
        "ar": "ستة برامج أسبوعية، لكل منها موعد ثابت وباب من أبواب الكلمة. اختر برنامجًا لترى موعده ورابط مشاهدته.",
        "en": "Six weekly programs, each with a fixed slot and its own door into the word. Choose one to see when it airs and where to watch."
      },
      "mutakallim": {
        "ar": "ثلاثة أشهر لتجد صوتك وتقف بثقة أمام أي جمهور.",
        "en": "Three months to find your voice and stand with confidence before any audience."
      },
      "community": {
        "ar": "أفراد من أعمار ومهن مختلفة، جمعهم الإيمان بأن الكلمة الصادقة تصنع الفرق.",
        "en": "People of every age and profession, brought together by the belief that an honest word makes a difference."
      },
      "contact": {
        "ar": "سؤال أو فكرة أو رغبة في التعاون؟ اكتب لنا، ففريقنا يقرأ كل رسالة ويرد عليها.",
        "en": "A question, an idea or an offer to collaborate? Write to us: our team reads and answers every message."
      }
    },
    "about": {
      "vision": {
        "title": {
          "ar": "رؤيتنا",
          "en": "Our vision"
        },
        "text": {
          "ar": "مجتمع عربي يحسن أفراده التعبير عن أنفسهم بثقة واحترام، فتكون كلمتهم جسرًا لا جدارًا.",
          "en": "An Arab world where people express themselves with confidence and respect, so that their words build bridges rather than walls."
        }
      },
      "mission": {
        "title": {
          "ar": "رسالتنا",
          "en": "Our mission"
        },
        "text": {
          "ar": "نصنع محتوى هادفًا وبرامج تدريبية ومساحات حوار تنمّي الوعي بالكلمة ومهارات الحديث وتقدير الذات، وتفتح أبوابها للجميع.",
          "en": "We create meaningful content, training programs and spaces for dialogue that grow awareness of the word, speaking skills and self-esteem, open to everyone."
        }
      }
    },
    "comingSoon": {
      "mutaallem": {
        "ar": "منصة تعليمية إلكترونية تضع دروس كلمة بين يديك، تتعلم منها في وقتك وعلى مهلك.",
        "en": "An e-learning platform that puts Kalima's lessons in your hands, to learn at your own pace."
      },
      "asdaaKalima": {
        "ar": "فعاليات حية يلتقي فيها مجتمع كلمة وجهًا لوجه، لتتردد الكلمة الطيبة في المكان.",
        "en": "Live events where the Kalima community meets face to face, so that good words echo in the room."
      },
      "status": {
        "ar": "قريبًا",
        "en": "Coming Soon"
      }
    }
  }
}$content$::jsonb) as entry
on conflict on constraint site_content_drafts_pkey do nothing;

insert into public.site_content_versions (content, changed)
select drafts.content, array(select pg_catalog.jsonb_object_keys(drafts.content) order by 1)
  from (select pg_catalog.jsonb_object_agg(section, body) as content
          from public.site_content_drafts) as drafts
 where not exists (select from public.site_content_versions);
