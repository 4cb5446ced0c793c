/// Which plural form a count takes in each of rain's languages: the rules of the `Plural-Forms`
/// headers of `po/*.po`, here as code rather than read from the header (a test keeps the two
/// the same).
enum PluralRule {
    /// The header each catalogue carries.
    static let headers: [String: String] = [
        "de": "nplurals=2; plural=(n != 1);", "es": "nplurals=2; plural=(n != 1);",
        "it": "nplurals=2; plural=(n != 1);", "nl": "nplurals=2; plural=(n != 1);",
        "fr": "nplurals=2; plural=(n > 1);", "pt_BR": "nplurals=2; plural=(n > 1);",
        "ja": "nplurals=1; plural=0;", "zh_CN": "nplurals=1; plural=0;",
        "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    ]

    static func form(for count: Int, language: String) -> Int {
        let n = abs(count)
        let few = n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20)
        switch language {
        case "ja", "zh_CN": return 0
        case "fr", "pt_BR": return n > 1 ? 1 : 0
        case "ru": return n % 10 == 1 && n % 100 != 11 ? 0 : (few ? 1 : 2)
        case "pl": return n == 1 ? 0 : (few ? 1 : 2)
        default: return n != 1 ? 1 : 0
        }
    }
}
