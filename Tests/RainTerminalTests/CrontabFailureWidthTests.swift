import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// A crontab that died installing the table is told in one error line, "rain: error: " and the
/// text, of 80 columns or fewer in every language; with their "could not install the new
/// crontab: " the English lines had 84 and 90 columns, and the translations up to 113.
@Suite struct CrontabFailureWidthTests {
    static let languages = ["en", "de", "es", "fr", "it", "ja", "nl", "pl", "pt_BR", "ru", "zh_CN"]

    @Test(arguments: languages)
    func aDeadCrontabFitsEightyColumns(_ language: String) throws {
        let words = language == "en" ? Localization.english : try Localization.load(locale: language, folders: [Catalogues.compiled()])
        let texts = [
            LocalizedText(N_("new crontab not installed: crontab ended by signal {signal}"), ["signal": .verbatim("11 (SIGSEGV)")]),
            LocalizedText(N_("new crontab not installed: crontab hit the file size limit")),
            LocalizedText(N_("new crontab not installed: crontab took over {duration}: stopped"), ["duration": .duration(seconds: 60)]),
        ]
        for text in texts {
            let line = "rain: error: " + words.tr(text)
            #expect(line.displayWidth <= 80, "\(language): \(line.displayWidth) columns: \(line)")
        }
    }
}
