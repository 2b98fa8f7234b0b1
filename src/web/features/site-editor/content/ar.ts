import { sectionLabels } from "../../../../shared/site-content/sections.ts";
import type { EditorContent } from "./types.ts";

const labels = sectionLabels("ar");

export const ar: EditorContent = {
  lead: "كلمات الموقع وروابطه ومواعيده باللغتين. تُحفَظ تعديلاتك مسودةً أثناء الكتابة، ويراها الزوار حين تنشرها.",
  // Each section's name and its fields' and items' names come with its definition
  // (src/shared/site-content/sections/<section>.ts).
  sections: { label: "أقسام الموقع", ...labels.names },
  fields: labels.fields,
  items: labels.items,
  languages: { ar: "العربية", en: "الإنجليزية" },
  inLanguage: (field, language) => `${field} (${language})`,
  characters: (count, limit) => `${count} من ${limit} حرفًا`,
  published: "على الموقع الآن:",
  publishedEmpty: "لا شيء (هذا الحقل فارغ على الموقع)",
  noEnd: "بلا وقت انتهاء",
  photo: {
    legend: "الصورة",
    shapes: {
      stories: "على الموقع: دائرة صغيرة (64 بكسل) بجانب اسم القائل، تحت الاقتباس.",
      programs: "على الموقع: صورة صغيرة بنسبة 16:9 (96 × 54 بكسل) بجانب عنوان البرنامج.",
      pages: "لا تظهر في الصفحة نفسها: هي صورة البطاقة (1200 × 630) حين يُشارَك رابط الصفحة.",
    },
    asShown: "كما يعرضها الموقع:",
    choose: "أضف صورة",
    replace: "استبدل الصورة",
    remove: "احذف الصورة",
    accepted: (limit) =>
      `JPEG أو PNG أو WebP أو AVIF، حتى ${limit} ميغابايت. على الهاتف اختر من صورك أو التقط صورة.`,
    preparing: "جارٍ تجهيز الصورة…",
    uploading: "جارٍ رفع الصورة…",
    uploaded: "رُفعت الصورة. صِفها أدناه؛ يراها الزوار حين تنشر.",
    chosen: "الصورة التي اخترتها",
    current: "الصورة في هذه المسودة",
    none: "لا صورة",
    tooLarge: (size, limit) =>
      `حجم هذا الملف ${size} ميغابايت، والحد ${limit} ميغابايت للصورة. اختر صورة أصغر.`,
    notImage: "هذا الملف ليس صورة يقبلها الموقع: اختر صورة JPEG أو PNG أو WebP أو AVIF.",
    unreadable: "تعذّرت قراءة هذه الصورة. اختر غيرها، أو احفظها من جديد بصيغة JPEG.",
    failed: (reason) => `لم تُرفع الصورة: ${reason}`,
    altHint:
      "اكتب ما تُظهره الصورة لمن لا يراها، باللغتين: الوصف مطلوب قبل النشر، وتُحفظ تعديلاتك الأخرى في أثناء ذلك.",
  },
  list: {
    add: (item) => `إضافة ${item}`,
    remove: "حذف",
    removeQuestion: (item) => `حذف ${item}؟ يختفي من الموقع عند النشر التالي.`,
    moveUp: "نقل إلى الأعلى",
    moveDown: "نقل إلى الأسفل",
  },
  save: {
    saving: "جارٍ حفظ المسودة…",
    saved: (time) => `حُفظت المسودة الساعة ${time}`,
    initial: "لم يحفظ أيّ عضو مسودة لهذا القسم بعد: فيه محتوى الموقع كما ثُبّت أو استُورد",
    savedBy: (who, time) => `حفظها ${who} الساعة ${time}`,
    arrived: (who, time) => `حفظ ${who} هذا القسم الساعة ${time}، والمسودة الآن بنصّه`,
    arrivedRestore: (who, number, time) =>
      `استعاد ${who} الإصدار ${number} الساعة ${time}، والمسودة الآن بنصّ ذلك الإصدار`,
    unsaved: "تعديلات لم تُحفظ بعد",
    conflict: (who, pending) => `لم تُحفظ المسودة بعد: عدّل ${who} هذا القسم قبلك. ${pending}.`,
    held: "لن تُحفظ المسودة حتى يُصحَّح الرابط أو ملف الصورة المشار إليه أدناه",
    failed: (reason) => `لم تُحفظ المسودة: ${reason}`,
    loading: "جارٍ تحميل محتوى الموقع…",
    loadFailed: "تعذّر تحميل محتوى الموقع.",
  },
  conflict: {
    title: (who, time) => `عدّل ${who} هذا القسم الساعة ${time}`,
    restored: (who, number, time) =>
      `استعاد ${who} الإصدار ${number} الساعة ${time}، فحلّ محلّ مسودتك في هذا القسم`,
    someone: "عضو آخر",
    lead: "نصّك محفوظ ولم يُكتب فوق نصّه. اختر تحت كل حقل عدّله كلٌّ منكما النصَّ الذي يبقى، وتُحفظ المسودة بعد آخر اختيار.",
    pending: {
      zero: () => "لا حقل ينتظر اختيارك",
      one: () => "حقل واحد ينتظر اختيارك",
      two: () => "حقلان ينتظران اختيارك",
      few: (count) => `${count} حقول تنتظر اختيارك`,
      many: (count) => `${count} حقلًا تنتظر اختيارك`,
      other: (count) => `${count} حقل تنتظر اختيارك`,
    },
    theirsTaken: (fields) => `صارت تعديلاته في مسودتك: ${fields}.`,
    mineKept: (fields) => `وبقيت تعديلاتك: ${fields}.`,
    field: (field) => `${field}: عدّله كلٌّ منكما`,
    changedBy: (who, time) => `عدّله ${who} الساعة ${time}`,
    theirs: "نصّه",
    yours: "نصّك",
    empty: "(فارغ)",
    keepMine: "أبقِ نصّي",
    takeTheirs: "خذ نصّه",
    merged: (who, time) => `حُفظت مسودتك مع التعديلات التي أجراها ${who} الساعة ${time}`,
    choseMine: (fields) => `أبقيتَ نصّك في: ${fields}.`,
    choseTheirs: (fields) => `أخذتَ نصّه في: ${fields}.`,
  },
  presence: {
    // A sentence without a verb: it needs no gender, whoever the names are.
    here: (names) => `هذا القسم مفتوح أيضًا لدى ${names}`,
  },
  heard: {
    published: (who, version) =>
      `نشر ${who} الإصدار ${version}. صار على الموقع الآن، وتُقارَن مسوداتك به.`,
    restored: (who, earlier, version) =>
      `أعاد ${who} نشر الإصدار ${earlier} بوصفه الإصدار ${version}. صار على الموقع الآن، وتُقارَن مسوداتك به.`,
  },
  problems: {
    empty: "اكتب شيئًا هنا.",
    tooLong: (limit) => `لا تتجاوز ${limit} حرفًا كي يتّسع له مكانه على الهاتف.`,
    link: (example) =>
      `اكتب عنوانًا يبدأ بـ https:// على موقع الخدمة نفسها، مثل ${example}، أو اتركه فارغًا.`,
    time: "اكتب وقتًا مثل 21:00.",
    weekday: "اختر يومًا.",
    id: "استعمل حروفًا لاتينية صغيرة وأرقامًا وشرطات، مثل between-the-covers.",
    repeated: "لبرنامجين اسم العنوان نفسه.",
    endBeforeStart: "اجعل وقت الانتهاء بعد وقت البدء.",
    tooFew: (count) => `أبقِ ${count} على الأقل.`,
    tooMany: (count) => `${count} على الأكثر.`,
    exactly: (count) => `${count} بالضبط.`,
    imagePath: "اختر الصورة من جديد: هذه ليست صورة JPEG أو PNG أو WebP أو AVIF من صور الموقع.",
    alt: "اكتب بهذه اللغة ما تُظهره الصورة لمن لا يراها: الوصف مطلوب قبل النشر، لا للحفظ.",
    hiddenControl:
      "اكتب هذا الرابط أو الصقه من جديد من غير المحرف الخفي الذي يقلب اتجاه النص (مثل U+202E): قد يجعل الرابط يبدو رابطًا آخر.",
    refused: "رفضت قاعدة البيانات هذه القيمة: صحّحها ليُحفظ القسم.",
    invalid: "هذه القيمة غير صالحة.",
    summary: (count) => `ما يجب تصحيحه قبل النشر: ${count}`,
    inGroup: (count) => `للتصحيح: ${count}`,
  },
  renderProblems: {
    field: (where, what) => `${where}: ${what}`,
    whole: "المحتوى",
    more: (count) => `(ومواضع أخرى: ${count})`,
    page: (page) => `لا يمكن عرض الصفحة ${page} بهذا المحتوى.`,
    unknown: "لا يمكن عرض الصفحات بهذا المحتوى.",
  },
  preview: {
    open: "معاينة",
    title: "المعاينة",
    lead: "الصفحات كما ستُنشر بمسوداتك، تتبع ما تكتبه.",
    page: "الصفحة",
    close: "إغلاق المعاينة",
    frame: (page, language, width) => `${page}، ${language}، ${width}`,
    phone: "هاتف (375 بكسل)",
    desktop: "شاشة عريضة (1280 بكسل)",
    wide: "على شاشة عريضة",
  },
  publish: {
    open: "نشر…",
    title: "نشر هذه التعديلات؟",
    lead: "يراها الزوار على الموقع خلال ثوانٍ.",
    before: "الآن",
    after: "بعد النشر",
    empty: "(فارغ)",
    confirm: "انشر",
    cancel: "ليس الآن",
    nothing: "لم يتغيّر شيء منذ آخر نشر.",
    updated: "أُعيدت قراءتها بما وصل من عمل عضو آخر: هذا ما يحمله الموقع والمسودات الآن.",
    reading: "وصل عمل عضو آخر: تُقرأ التعديلات من جديد…",
    freshLead: "الأسطر الموسومة «جديد» تغيّرت والنافذة مفتوحة.",
    fresh: "جديد",
    paused: (seconds) => (seconds ? `راجِع التعديلات (${seconds})` : "راجِع التعديلات"),
    pausedWhy: "ينتظر النشر لحظة: تغيّرت القائمة وهي مفتوحة.",
    drafts: "المسودات التي تُنشر:",
    savedBy: (section, who, time) => `${section}: حفظها ${who} الساعة ${time}`,
    draftBy: (section, who) => `${section} (${who})`,
    changedSince: (drafts) =>
      `لم يُنشر شيء: تغيّرت مسودات منذ فتحت النافذة: ${drafts}. راجعها ثم انشر من جديد.`,
    publishedSince:
      "لم يُنشر شيء: نشر عضو آخر إصدارًا منذ فتحت النافذة. راجع المسودات ثم انشر من جديد.",
    publishing: "جارٍ النشر…",
    published: (version) => `نُشر الإصدار ${version}.`,
    live: "صار على الموقع الآن.",
    renderProblem: (problem) => `ما زال الموقع يعرض الصفحات السابقة: ${problem}`,
    waiting: "تُبنى الصفحات الآن…",
    failed: (reason) => `لم يُنشر: ${reason}`,
  },
  history: {
    title: "السجل",
    version: (number) => `الإصدار ${number}`,
    by: (who, time) => `${who}، ${time}`,
    changed: (sections) => `ما تغيّر: ${sections}`,
    restoredFrom: (number, previous) =>
      previous
        ? `أُعيد نشر الإصدار ${number} بدل الإصدار ${previous}`
        : `أُعيد نشر الإصدار ${number}`,
    current: "على الموقع الآن",
    restore: "استعادة",
    restoreQuestion: (number) =>
      `نشر الإصدار ${number} من جديد؟ يحلّ محلّ ما يعرضه الموقع ومحلّ المسودات.`,
    restored: (earlier, version) => `نُشر الإصدار ${earlier} من جديد، فصار الإصدار ${version}.`,
    replaces: (drafts) => `ويحلّ محلّ مسودات لم تُنشر بعد: ${drafts}.`,
    renderProblem: (problem) => `لم يُعرض: ${problem}`,
    empty: "لم يُنشر شيء بعد.",
  },
};
