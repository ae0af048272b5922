import type { PrivacyPageInput } from "../schema.ts";

/**
 * The privacy notice. `{contactDays}` and `{applicationDays}` are replaced with the
 * retention periods the site is configured with, so the notice and the purge agree. A
 * section's `inStaticBuild` is what it says instead in the static build, whose forms send
 * through EmailJS and Firebase Storage (the build checks that the bucket's lifecycle rule
 * deletes CVs after `{applicationDays}`).
 */
export default {
  version: "2026-11-23",
  metaDescription:
    "What Blueberry Semiconductors collects through its contact and job application forms, why, for how long, and how to have it deleted.",
  intro: [
    "This notice explains what we do with the details you send us through this website: a message through the contact form, or a job application with your CV. We collect as little as we can, keep it only as long as we need it, and delete it when you ask.",
    "Blueberry Semiconductors Private Limited, Bengaluru, is responsible for this data (the data fiduciary under India's Digital Personal Data Protection Act, 2023, and the controller under the EU's GDPR).",
  ],
  sections: [
    {
      heading: "What We Collect",
      body: ["Only what you type into a form, and nothing about you from anywhere else."],
      items: [
        "Contact form: your name, e-mail address, phone number and message.",
        "Job application: your name, e-mail address, phone number, the job, your CV, an optional comment, and when you agreed to this notice (with its version).",
        "Your network address is used for a few minutes to stop floods of automated submissions. It is not stored with what you send.",
        "This site sets no cookies, runs no analytics and loads nothing from other companies. The office map loads from OpenStreetMap only if you ask for it.",
      ],
      inStaticBuild: {
        items: [
          "Contact form: your name, e-mail address, phone number and message.",
          "Job application: your name, e-mail address, phone number, the job, your CV, an optional comment, and the version of this notice you agreed to.",
          "This site sets no cookies and runs no analytics. Only when you send a form does your browser contact the two services named under 'Who sees it'. The office map loads from OpenStreetMap only if you ask for it.",
        ],
      },
    },
    {
      heading: "Why We Use It",
      body: [
        "To answer your message, and to consider your application for the job you chose and, with your agreement, for similar openings. We use your application because you agreed to it; you can withdraw that agreement at any time, and we then delete your application.",
        "We never sell your data, never use it for advertising, and never add you to a mailing list.",
      ],
    },
    {
      heading: "Who Sees It",
      body: [
        "Our leadership team (contact messages) and our careers team and the engineers who interview for the role (applications). The company that delivers our e-mail carries the notifications to us. Nobody else.",
      ],
      inStaticBuild: {
        body: [
          "This website has no server or database of its own that keeps what you send. Your browser sends it to two services, which pass it to us:",
          "EmailJS delivers your message or application to our mailbox as an e-mail. Your CV is uploaded to Google Cloud Storage (through Google's Firebase), and the e-mail carries a link to it. Each service handles your data under its own privacy policy, only to deliver or store it for us.",
          "At Blueberry Semiconductors, our leadership team reads contact messages, and our careers team and the engineers who interview for the role read applications. Nobody else.",
        ],
      },
    },
    {
      heading: "How Long We Keep It",
      body: [
        "Contact messages are deleted {contactDays} days after they arrive and job applications {applicationDays} days after they arrive, automatically. If we hire you, your application becomes part of your employee record under a separate notice.",
      ],
      inStaticBuild: {
        body: [
          "Google Cloud Storage deletes your CV automatically {applicationDays} days after you upload it. We delete contact messages from our mailbox {contactDays} days after they arrive and job applications {applicationDays} days after they arrive. If we hire you, your application becomes part of your employee record under a separate notice.",
        ],
      },
    },
    {
      heading: "Your Rights and How to Have Your Data Deleted",
      body: [
        "You may ask us what we hold about you, ask us to correct it, and ask us to delete it, at any time and free of charge. Write to careers@blueberrysemiconductors.com from the address you used (or tell us that address) and we will answer within 30 days. Deleting removes your message or application and your CV from our systems.",
        "If you applied for a job, you can also do it yourself: the e-mail confirming your application holds a personal link to a page that shows what we hold about you and deletes your application and CV with one button, at any time until we delete them anyway. Withdrawing your consent should be as easy as giving it, as India's Digital Personal Data Protection Rules require. When you delete your application this way, we tell our careers team that you withdrew it.",
        "If you are not satisfied with our answer, you may complain to the Data Protection Board of India or, if you live in the EU, to your data protection authority.",
      ],
      inStaticBuild: {
        body: [
          "You may ask us what we hold about you, ask us to correct it, and ask us to delete it, at any time and free of charge. Write to careers@blueberrysemiconductors.com from the address you used (or tell us that address) and we will answer within 30 days. Deleting removes your message or application from our mailboxes and your CV from Google Cloud Storage.",
          "If you are not satisfied with our answer, you may complain to the Data Protection Board of India or, if you live in the EU, to your data protection authority.",
        ],
      },
    },
    {
      heading: "Contact",
      body: [
        "Grievance officer: Blueberry Semiconductors Private Limited, 4th Floor, Prestige Tech Vista, Outer Ring Road, Kadubeesanahalli, Bengaluru, Karnataka 560103, India; careers@blueberrysemiconductors.com.",
      ],
    },
  ],
} satisfies PrivacyPageInput;
