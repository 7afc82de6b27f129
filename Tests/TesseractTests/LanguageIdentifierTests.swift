import Testing
@testable import Tesseract

/// `-l auto`'s language decision from a sample of recognized text, and the script table.
struct LanguageIdentifierTests {
    @Test func runningTextIsToldApartByItsFunctionWords() {
        let candidates = ["eng", "deu", "fra"]
        let samples = [
            ("eng", "The library of the city is open on every day of the week, from eight in the morning to the evening."),
            ("deu", "Die Bibliothek der Stadt ist an jedem Tag der Woche von acht Uhr bis zum Abend für alle geöffnet."),
            ("fra", "La bibliothèque de la ville est ouverte tous les jours de la semaine, du matin au soir, pour les lecteurs."),
        ]
        for (language, text) in samples {
            let ranking = LanguageIdentifier.rank(text, among: candidates)
            #expect(ranking.first?.language == language, "\(text)")
            #expect((ranking.dropFirst().first?.share ?? 0) < AutoLanguageEngine.mixedLanguageShare, "\(ranking)")
        }
    }

    @Test func aPageMixingTwoLanguagesGetsBoth() {
        let text = "Die Bibliothek der Stadt ist an jedem Tag der Woche geöffnet und für alle da. "
            + "La bibliothèque de la ville est ouverte tous les jours de la semaine pour les lecteurs."
        let ranking = LanguageIdentifier.rank(text, among: ["eng", "deu", "fra"])
        #expect(Set(ranking.prefix(2).map(\.language)) == ["deu", "fra"])
        #expect(ranking[1].share >= AutoLanguageEngine.mixedLanguageShare)
    }

    @Test func japaneseIsToldFromChineseByItsKana() {
        let candidates = ["chi_sim", "jpn"]
        #expect(LanguageIdentifier.rank("市立図書館は毎朝八時に開きます。", among: candidates).first?.language == "jpn")
        #expect(LanguageIdentifier.rank("市立图书馆每天早上八点开门。", among: candidates).first?.language == "chi_sim")
    }

    @Test func cyrillicLanguagesAreToldApartByTheirLetters() {
        let candidates = ["rus", "ukr"]
        #expect(LanguageIdentifier.rank("Городская библиотека открыта каждый день, и это хорошо для всех читателей.",
                                        among: candidates).first?.language == "rus")
        #expect(LanguageIdentifier.rank("Міська бібліотека відкрита щодня, і це добре для всіх її читачів.",
                                        among: candidates).first?.language == "ukr")
    }

    @Test func textWithoutEvidenceDecidesNothing() {
        #expect(LanguageIdentifier.rank("12345 67 890", among: ["eng", "deu"]).isEmpty)
        #expect(LanguageIdentifier.rank("anything", among: ["heb"]) == [.init(language: "heb", share: 1, evidence: 0)])
    }

    @Test func candidatesFollowTheScriptAndWhatIsInstalled() {
        let installed = ["ara", "chi_sim", "deu", "eng", "equ", "jpn", "jpn_vert", "osd", "rus"]
        #expect(LanguageCatalog.candidates(for: "Latin", among: installed) == ["eng", "deu"])
        #expect(LanguageCatalog.candidates(for: "Han", among: installed) == ["jpn", "chi_sim"])
        #expect(LanguageCatalog.candidates(for: "Japanese", among: installed) == ["jpn", "chi_sim"])
        #expect(LanguageCatalog.candidates(for: "Runic", among: installed).isEmpty)
        #expect(LanguageCatalog.automaticCandidates(among: installed) == ["ara", "chi_sim", "deu", "eng", "jpn", "rus"])
    }
}
